import type http from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why a `/dev/*` call is refused, or undefined when it may be served. */
export type DevRefusal = { readonly status: 403 | 415; readonly message: string } | undefined;

/**
 * The origin a same-origin browser call to this gateway carries: `http://` plus the Host header, and only for a
 * loopback host or the one the gateway listens on (so a DNS-rebound name is not "same origin").
 */
function ownOrigin(req: http.IncomingMessage, listenHost: string): string | undefined {
  const host = req.headers.host ?? '';
  const name = host.replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(name) || name === listenHost ? `http://${host}` : undefined;
}

/**
 * The CSRF check of the local test servers' `/dev/*` calls (docs/security.md): a write (anything but GET/HEAD)
 * is refused when a browser marks it cross-site (`Sec-Fetch-Site` other than `same-origin`/`none`) or its
 * `Origin` is not the gateway's own; a write with a body must be JSON unless it comes from the gateway's own
 * pages (a same-origin form, such as the local Stripe portal), so a cross-site "simple" request (text/plain,
 * a form) never reaches a test server. Calls from tools without these browser headers (curl, tests) pass.
 */
export function refuseCrossSiteDevWrite(req: http.IncomingMessage, listenHost: string): DevRefusal {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return undefined;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, message: 'Cross-site calls to /dev/ are refused.' };
  }
  const origin = req.headers.origin;
  const sameOrigin = origin !== undefined && origin === ownOrigin(req, listenHost);
  if (origin !== undefined && !sameOrigin) return { status: 403, message: 'Calls to /dev/ from another origin are refused.' };
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const json = /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');
  if (hasBody && !json && !sameOrigin) return { status: 415, message: 'Send /dev/ calls as JSON (content-type: application/json).' };
  return undefined;
}

/**
 * The same check on a test server's own port (issue 28): the local Todoist and BasicOps servers also answer their
 * `/dev/*` calls directly (tests and tools use them), so a cross-site write there is refused as on the gateway.
 */
export function guardDevWrites(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void, listenHost = '127.0.0.1') {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const pathname = (req.url ?? '/').split('?')[0];
    const refused = pathname === '/dev' || pathname.startsWith('/dev/') ? refuseCrossSiteDevWrite(req, listenHost) : undefined;
    if (!refused) return handle(req, res);
    req.resume();
    res.writeHead(refused.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: refused.message }));
  };
}
