import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mailbox, MailMessage } from './index.js';

const ID_PATTERN = /^[0-9a-f]{16}-[0-9a-f-]{36}-000000$/;
let sequence = 0;

/** A new SES-like message id that sorts by arrival time (newest = greatest). */
export function newMessageId(now = Date.now()): string {
  sequence = (sequence + 1) % 0x10000;
  const prefix = now.toString(16).padStart(12, '0') + sequence.toString(16).padStart(4, '0');
  return `${prefix}-${randomUUID()}-000000`;
}

/** A mailbox kept as one JSON file per message in `dir`. */
export interface FileMailbox extends Mailbox {
  /** Stores a message atomically (temp file + rename, so a crash never leaves half a message). */
  save(message: MailMessage): Promise<void>;
}

/** Opens (creating if needed) the mailbox folder `dir`. Throws if the folder cannot be created. */
export async function openFileMailbox(dir: string): Promise<FileMailbox> {
  await mkdir(dir, { recursive: true });
  const fileOf = (id: string) => path.join(dir, `${id}.json`);

  async function get(id: string): Promise<MailMessage | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(fileOf(id), 'utf8')) as MailMessage;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async function list(): Promise<MailMessage[]> {
    const ids = (await readdir(dir))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => ID_PATTERN.test(id))
      .sort()
      .reverse();
    const messages = await Promise.all(ids.map(get));
    return messages.filter((m): m is MailMessage => m !== undefined);
  }

  async function save(message: MailMessage): Promise<void> {
    const temp = path.join(dir, `.${message.id}.${process.pid}.tmp`);
    await writeFile(temp, JSON.stringify(message, null, 2));
    await rename(temp, fileOf(message.id));
  }

  return { list, get, save };
}
