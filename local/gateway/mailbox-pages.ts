import type http from 'node:http';
import type { Mailbox, MailMessage } from '../mail/index.js';
import { escapeHtml, sendHtml, sendJson } from './http-util.js';

export const MAILBOX_PATHS = ['/dev/mailbox', '/dev/mailbox.json'] as const;

/** Serves /dev/mailbox (HTML, newest first) and /dev/mailbox.json. Throws only if the mailbox cannot be read. */
export async function serveMailbox(mailbox: Mailbox, pathname: string, res: http.ServerResponse): Promise<void> {
  const messages = await mailbox.list();
  if (pathname.endsWith('.json')) return sendJson(res, 200, messages, { 'cache-control': 'no-store' });
  sendHtml(res, 200, page(messages));
}

function page(messages: MailMessage[]): string {
  const items = messages.length === 0 ? '<p>No mail yet.</p>' : messages.map(article).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Local mailbox (${messages.length})</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:6rem 1fr;margin:0}dt{color:#666}dd{margin:0}pre{white-space:pre-wrap}iframe{width:100%;height:24rem;border:1px solid ` +
  `#eee}</style>
</head><body><h1>Local mailbox</h1><p>Mail sent through the local SES service, newest first. <a href="/dev/mailbox.json">JSON</a></p>
${items}</body></html>`;
}

function article(m: MailMessage): string {
  const row = (label: string, values: string[]) => (values.length ? `<dt>${label}</dt><dd>${escapeHtml(values.join(', '))}</dd>` : '');
  // Links in the sandboxed frame open in a new tab; scripts in the mail never run.
  const html = m.html === undefined ? '' : `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(
    `<base target="_blank">${m.html}`)}"></iframe>`;
  const text = m.text === undefined ? '' : `<pre>${linkify(escapeHtml(m.text))}</pre>`;
  return `<article id="${escapeHtml(m.id)}"><h2>${escapeHtml(m.subject || '(no subject)')}</h2><dl>
${row('From', [m.from])}${row('To', m.to)}${row('Cc', m.cc)}${row('Bcc', m.bcc)}${row('Reply-To', m.replyTo)}
<dt>Received</dt><dd><time datetime="${escapeHtml(m.receivedAt)}">${escapeHtml(m.receivedAt)}</time></dd></dl>${html}${text}</article>`;
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" target="_blank" rel="noopener">${url}</a>`);
}
