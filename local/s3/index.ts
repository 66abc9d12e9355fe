import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BucketDefinition } from '../../lib/definitions/resources.js';
import { startEngine } from './engine.js';
import type { ObjectCreatedEvent } from './events.js';
import { createFront } from './front.js';
import { PolicyLedger } from './policy-ledger.js';

export type { ObjectCreatedEvent } from './events.js';

/** A running local S3: s3rver behind our front. */
export interface LocalS3 { readonly endpoint: string; stop(): Promise<void> }

export interface LocalS3Options {
  dataDir: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a random free port. */
  port?: number;
  /** A bucket named `localName` is created for each (existing ones keep their objects). */
  buckets: readonly BucketDefinition[];
  /** This run's key pair (local/runtime.ts LOCAL_CREDENTIALS): every request's SigV4 signature and every POST policy is checked against it. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Origins allowed to POST/GET from a browser; default ['*']. */
  corsOrigins?: readonly string[];
  onObjectCreated?: (event: ObjectCreatedEvent) => void;
}

/**
 * Starts s3rver (files under `${dataDir}/s3`) on an internal port and our front on host:port, which
 * adds presigned POST policy checks, working ListObjectsV2 paging and object-created events.
 * Throws if a port cannot be bound or the data folder is unusable.
 */
export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  const corsOrigins = options.corsOrigins ?? ['*'];
  const engine = await startEngine(join(options.dataDir, 's3'), options.buckets.map((b) => b.localName), corsOrigins);
  // A fresh loopback connection per request: reusing idle sockets races s3rver's 5 s keep-alive close (ECONNRESET → 500).
  const agent = new http.Agent({ keepAlive: false });
  const front = createFront({
    upstream: { port: engine.port, agent },
    credentials: options.credentials,
    spoolDir: join(options.dataDir, 's3-post-spool'),
    ledger: new PolicyLedger(),
    corsOrigins,
    onObjectCreated: options.onObjectCreated,
  });
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(options.port ?? 0, host, () => { front.off('error', reject); resolve(); });
    });
  } catch (err) {
    agent.destroy();
    await engine.stop();
    throw err;
  }
  const { port } = front.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${port}`,
    stop: async () => {
      const closed = new Promise<void>((resolve, reject) => front.close((err) => (err ? reject(err) : resolve())));
      front.closeAllConnections();
      agent.destroy();
      await closed;
      await engine.stop();
    },
  };
}
