/** The filtered ledger as a CSV (RFC 4180, spreadsheet-safe) or a Markdown checklist, and a browser download of either. */
import type { ActionItemRow } from '@contracts/action-items.js';

const COLUMNS = ['Task', 'Owner', 'Due date', 'Due (as said)', 'Status', 'Meeting', 'Meeting date', 'Moment (s)'] as const;

/** A CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly ActionItemRow[]): string {
  const lines = rows.map((r) => [r.content, r.owner ?? '', r.due_date ?? '', r.due ?? '', r.status, r.meeting_name, r.meeting_date.slice(0, 10),
    String(Math.floor(r.timestamp_range.start_time))].map(cell).join(','));
  return `${[COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

const md = (text: string) => text.replace(/([\\`*_[\]|<>])/g, '\\$1').replace(/\s+/g, ' ');

/** "- [x] Task — Owner, due 2025-03-07 (Meeting, 2025-03-05)", grouped under each meeting in list order. */
export function toMarkdown(rows: readonly ActionItemRow[]): string {
  const groups = new Map<string, ActionItemRow[]>();
  for (const r of rows) groups.set(r.meeting_id, [...(groups.get(r.meeting_id) ?? []), r]);
  const out = ['# Action items', ''];
  for (const items of groups.values()) {
    out.push(`## ${md(items[0]!.meeting_name)} (${items[0]!.meeting_date.slice(0, 10)})`, '');
    for (const r of items) {
      const extra = [r.owner ? md(r.owner) : undefined, r.due_date ? `due ${r.due_date}` : r.due ? `due ${md(r.due)}` : undefined].filter(Boolean).join(', ');
      out.push(`- [${r.status === 'done' ? 'x' : ' '}] ${md(r.content)}${extra ? ` — ${extra}` : ''}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** Saves `text` as a file named `name` through a temporary link. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
