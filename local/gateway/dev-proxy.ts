import http from 'node:http';
import { sendJson } from './http-util.js';

/** Named local services reachable on the gateway as /dev/<name>/… (e.g. the local Stripe server's read-outs and portal). */
export type DevProxies = Readonly<Record<string, () => string | undefined>>;

/** The service a path belongs to, and the path to forward, or undefined when no dev proxy serves it. */
export function devProxyTarget(proxies: DevProxies | undefined, pathname: string): { target: string; path: string } | undefined {
  const match = /^\/dev\/([a-z0-9-]+)(\/.*)?$/.exec(pathname);
  const resolve = match ? proxies?.[match[1]] : undefined;
  if (!match || !resolve) return undefined;
  const target = resolve();
  return target ? { target, path: match[2] ?? '/' } : { target: '', path: '' };
}

/** Forwards the request (method, headers, body stream) and streams the answer back; 503 when the service is not up. */
export function forwardDev(target: string, path: string, search: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!target) { sendJson(res, 503, { message: 'This local service is not running.' }); return Promise.resolve(); }
  return new Promise((resolve) => {
    const upstream = http.request(new URL(`${path}${search}`, target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res).on('finish', resolve);
    });
    upstream.on('error', () => { if (!res.headersSent) sendJson(res, 502, { message: 'The local service did not answer.' }); resolve(); });
    req.pipe(upstream);
  });
}
