// dynalite in a worker thread (local/dynamodb/engine.ts): LevelDB reads and dynalite's own request handling run
// beside the edition's event loop instead of on it (issue #19's profile: about half the CPU of a GET meetings/).
// Plain JavaScript, so the worker needs no TypeScript loader (jest starts it too).
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

const server = dynalite({ path: workerData.dbPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
// The front reuses its connections and closes idle ones first (wire.ts).
server.keepAliveTimeout = workerData.keepAliveMs;
server.once('error', (error) => parentPort.postMessage({ error: String(error?.stack ?? error) }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  // dynalite's close() also waits for pending LevelDB work and closes the store.
  server.close((error) => parentPort.postMessage({ stopped: true, ...(error ? { error: String(error) } : {}) }));
  server.closeAllConnections();
});
