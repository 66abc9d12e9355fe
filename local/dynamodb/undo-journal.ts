import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Json, Wire } from './wire.js';

/** An item as it was before a transaction wrote it: `item` undefined means it did not exist. */
export interface UndoEntry { readonly tableName: string; readonly key: Json; readonly item?: Json }

/**
 * The undo journal of TransactWriteItems. dynalite writes one item at a time, so a process killed in the middle of a
 * transaction would leave some of its items written and others not (a charge marker without its usage record). Before
 * writing, the transaction saves what its items were; once it has succeeded or been rolled back the file goes. A file
 * found at start-up is a transaction cut short: its items are put back as they were, as if it had never run (its
 * caller got no answer, so it retries).
 */
export class UndoJournal {
  constructor(private readonly file: string) {}

  /** Saves the items' prior state; written to a temporary file and renamed, so a kill never leaves half a journal. */
  async begin(entries: readonly UndoEntry[]): Promise<void> {
    const temp = `${this.file}.tmp`;
    await writeFile(temp, JSON.stringify({ entries }));
    await rename(temp, this.file);
  }

  async end(): Promise<void> {
    await rm(this.file, { force: true });
  }

  /** Puts back every item of a transaction a crash cut short; answers how many. Call before serving requests. */
  async recover(wire: Wire): Promise<number> {
    const text = await readFile(this.file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    await rm(`${this.file}.tmp`, { force: true });
    if (text === undefined) return 0;
    const { entries } = JSON.parse(text) as { entries: UndoEntry[] };
    for (const entry of entries) await putBack(wire, entry);
    await this.end();
    return entries.length;
  }
}

/** Puts an item back as it was: rewritten, or deleted when it did not exist. */
export async function putBack(wire: Wire, { tableName, key, item }: UndoEntry): Promise<void> {
  if (item) await wire.call('PutItem', { TableName: tableName, Item: item });
  else await wire.call('DeleteItem', { TableName: tableName, Key: key });
}
