import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { ENGINE_KEEP_ALIVE_MS } from './wire.js';

/** A running dynalite with its LevelDB store. */
export interface Engine { readonly endpoint: string; stop(): Promise<void> }

/**
 * Starts dynalite on a random 127.0.0.1 port with LevelDB at `dbPath` (tables become ACTIVE at once).
 * Throws if the port cannot be bound or LevelDB cannot be opened.
 */
export async function startEngine(dbPath: string): Promise<Engine> {
  const server = dynalite({ path: dbPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  // The front reuses its connections and closes idle ones first (wire.ts).
  server.keepAliveTimeout = ENGINE_KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // dynalite's close() also waits for pending LevelDB work and closes the store.
    stop: () => new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      server.closeAllConnections();
    }),
  };
}
