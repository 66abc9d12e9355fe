import S3rver from 's3rver';
import { corsConfigXml } from './cors.js';

/** A running s3rver on an internal 127.0.0.1 port. */
export interface Engine { readonly port: number; stop(): Promise<void> }

/**
 * Starts s3rver with its files in `directory`, creating each bucket (existing ones keep their objects)
 * with the CORS rule for `corsOrigins`. Throws if the port cannot be bound or the directory is unusable.
 */
export async function startEngine(directory: string, bucketNames: readonly string[], corsOrigins: readonly string[]): Promise<Engine> {
  const cors = corsConfigXml(corsOrigins);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: bucketNames.map((name) => ({ name, configs: [cors] })),
  });
  const { port } = await server.run();
  return {
    port,
    stop: async () => {
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
    },
  };
}
