import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TableDefinition } from '../../lib/definitions/resources.js';
import { startEngine } from './engine.js';
import { startFront } from './front.js';
import { Mutex } from './mutex.js';
import { startSweeper } from './sweeper.js';
import { ensureTables, KeySchemas } from './tables.js';
import { RequestTokens } from './request-tokens.js';
import { TtlStore } from './ttl.js';
import { UndoJournal } from './undo-journal.js';
import { Wire } from './wire.js';

export interface LocalDynamo { readonly endpoint: string; stop(): Promise<void> }

export interface LocalDynamoOptions {
  /**
   * Data folder: LevelDB goes to `${dataDir}/dynamodb`, TTL settings to `${dataDir}/dynamodb-ttl.json`, the undo
   * journal of a transaction being written to `${dataDir}/dynamodb-transaction.json`.
   */
  dataDir: string;
  /** @default '127.0.0.1' */
  host?: string;
  /** @default 0 (a random free port) */
  port?: number;
  /** Created if absent, with TTL enabled on each `ttlAttribute`. */
  tables: readonly TableDefinition[];
  /** TTL sweeper period. @default 30_000 */
  sweepIntervalMs?: number;
  /** Clock for TTL expiry, epoch ms. @default Date.now */
  now?: () => number;
  /** This run's key pair: every request must be SigV4-signed with it (local/http/aws-auth.ts). */
  credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/**
 * Starts a local DynamoDB: dynalite (persistent LevelDB) behind a front that adds transactions, TTL and
 * serialised writes, creates the given tables and starts the TTL sweeper.
 * Throws if a port cannot be bound, the data folder cannot be used, or a table cannot be created.
 */
export async function startLocalDynamo(options: LocalDynamoOptions): Promise<LocalDynamo> {
  const dbPath = path.join(options.dataDir, 'dynamodb');
  await mkdir(dbPath, { recursive: true });
  const engine = await startEngine(dbPath);
  const wire = new Wire(engine.endpoint);
  try {
    const ttl = await TtlStore.load(path.join(options.dataDir, 'dynamodb-ttl.json'));
    await ensureTables(wire, options.tables);
    for (const table of options.tables) {
      if (ttl.attributeOf(table.localName) !== table.ttlAttribute) await ttl.set(table.localName, table.ttlAttribute);
    }
    // A transaction a crash cut short is undone before anything else is served.
    const journal = new UndoJournal(path.join(options.dataDir, 'dynamodb-transaction.json'));
    const undone = await journal.recover(wire);
    if (undone > 0) console.warn(`[local-dynamodb] undid a transaction cut short by a crash (${undone} items put back)`);
    const deps = { wire, ttl, writes: new Mutex(), keys: new KeySchemas(wire), tokens: new RequestTokens(), journal, credentials: options.credentials };
    const front = await startFront(deps, options.host ?? '127.0.0.1', options.port ?? 0);
    const sweeper = startSweeper({ ...deps, now: options.now ?? Date.now }, options.sweepIntervalMs ?? 30_000);
    return {
      endpoint: front.endpoint,
      async stop() {
        await sweeper.stop();
        await front.stop();
        await deps.writes.idle();
        wire.close();
        await engine.stop();
      },
    };
  } catch (err) {
    wire.close();
    await engine.stop();
    throw err;
  }
}
