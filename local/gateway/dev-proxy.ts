import http from 'node:http';
import { sendJson } from './http-util.js';

/**
 * Forwards the request (method, headers, body stream) and streams the answer back without any CORS grant (a /dev/
 * answer is for the app's own pages only); 503 when the service is not up.
 */
export function forwardDev(target: string, path: string, search: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!target) { sendJson(res, 503, { message: 'This local service is not running.' }); return Promise.resolve(); }
  return new Promise((resolve) => {
    const upstream = http.request(new URL(`${path}${search}`, target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')));
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res).on('finish', resolve);
    });
    upstream.on('error', () => { if (!res.headersSent) sendJson(res, 502, { message: 'The local service did not answer.' }); resolve(); });
    req.pipe(upstream);
  });
}
