import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListeningService { readonly endpoint: string; stop(): Promise<void> }

/**
 * Listens on host:port (127.0.0.1 and a free port by default) and returns the endpoint URL and a stop()
 * that closes the server and any kept-alive connections. Rejects if the port cannot be bound.
 */
export async function listenLocal(server: http.Server, options: { host?: string; port?: number } = {}): Promise<ListeningService> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${address}:${port}`,
    stop: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }),
  };
}
