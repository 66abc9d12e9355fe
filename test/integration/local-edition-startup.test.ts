import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = net.createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

describe('local edition start-up', () => {
  let dataDir: string;
  let edition: LocalEdition | undefined;
  afterAll(async () => {
    await edition?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  // Issue #19: health called in the first seconds after the port opened built its clients before the
  // Step Functions endpoint was set, and stayed 503 for the life of the process.
  it('answers the first health call made while it starts with 200, and keeps answering 200', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-startup-'));
    const port = await freePort();
    const starting = startLocalEdition({ dataDir, port, waitScale: 0 });
    let first: number | undefined;
    while (first === undefined) {
      try {
        first = (await fetch(`http://127.0.0.1:${port}/api/health/`)).status;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    edition = await starting;
    expect(first).toBe(200);
    expect((await fetch(`${edition.url}/api/health/`)).status).toBe(200);
  }, 180_000);
});
