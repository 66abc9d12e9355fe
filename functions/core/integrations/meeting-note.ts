/**
 * Meeting notes → one note in the user's notes/CRM service (spec §1: "store summaries and action items
 * as a note"). Pure rules: what the note says and which project it goes to. NotesSink does the calls.
 */
export interface NotesForSink {
  readonly overview: string;
  readonly summary: readonly string[];
  readonly decisions?: readonly string[];
  readonly action_items: ReadonlyArray<{ readonly content: string; readonly owner?: string; readonly due?: string }>;
}

export interface MeetingForNote { readonly id: string; readonly name: string; readonly appUrl: string; readonly startedAt?: string /* ISO */ }

export interface NoteProject { readonly id: string; readonly title: string }

export interface NoteDraft { readonly title: string; readonly content: string; readonly projectId: string }

export interface StoredNote { readonly id: string; readonly viewUrl: string }

/** Port: the user's notes/CRM service. Implementations throw NotesSinkError. */
export interface NotesSink {
  listProjects(): Promise<NoteProject[]>;
  createNote(draft: NoteDraft): Promise<StoredNote>;
}

export type NotesSinkFailure = 'unauthorized' | 'rejected' | 'unavailable';
export class NotesSinkError extends Error {
  readonly name = 'NotesSinkError';
  constructor(readonly kind: NotesSinkFailure, message: string) { super(message); }
}

/** The project the user chose when it still exists, else the first one (the issue's default). */
export function chooseProject(projects: readonly NoteProject[], chosenId?: string): NoteProject | undefined {
  return projects.find((p) => p.id === chosenId) ?? projects[0];
}

/** Title and plain-text body: overview, summary, decisions, action items with owners and due dates, link back. */
export function renderMeetingNote(notes: NotesForSink, meeting: MeetingForNote): { title: string; content: string } {
  const date = meeting.startedAt ? ` (${meeting.startedAt.slice(0, 10)})` : '';
  const section = (heading: string, lines: readonly string[]) => (lines.length ? [`${heading}`, ...lines.map((l) => `- ${l}`), ''] : []);
  const items = notes.action_items.map((item) => {
    const owner = item.owner && !item.content.toLowerCase().startsWith(`${item.owner.toLowerCase()}:`) ? `${item.owner}: ` : '';
    return `${owner}${item.content}${item.due ? ` (due ${item.due})` : ''}`;
  });
  const content = [
    ...(notes.overview.trim() ? [notes.overview.trim(), ''] : []),
    ...section('Summary', notes.summary),
    ...section('Decisions', notes.decisions ?? []),
    ...section('Action items', items),
    `Open the meeting in MeetScribe: ${meeting.appUrl.replace(/\/+$/, '')}/dashboard/${encodeURIComponent(meeting.id)}/notes`,
  ].join('\n');
  return { title: `Meeting notes: ${meeting.name}${date}`, content };
}
