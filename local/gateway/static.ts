import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { sendHtml } from './http-util.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2',
  '.ttf': 'font/ttf', '.wasm': 'application/wasm', '.webmanifest': 'application/manifest+json', '.webm': 'video/webm',
  '.mp4': 'video/mp4', '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.y4m': 'video/x-yuv4mpeg',
};
const LONG_CACHE = 'public, max-age=31536000, immutable';

const NOT_BUILT = `<!doctype html><html><head><meta charset="utf-8"><title>MeetScribe: web app not built</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto"><h1>The web app is not built yet</h1>
<p>Run <code>npm run build:web</code> in the project folder, then reload this page.</p></body></html>`;

/**
 * Serves the built SPA from `webDist`: files with their content type, hashed /assets/* cached for a year,
 * everything else revalidated; unknown GET paths that accept HTML get index.html. 503 when index.html is missing.
 */
export async function serveStatic(webDist: string, req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!(await fileSize(index))) return sendHtml(res, 503, NOT_BUILT);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method Not Allowed');
    return;
  }
  const file = resolveInside(webDist, pathname);
  if (file && (await fileSize(file)) !== undefined) return sendFile(req, res, file, pathname.startsWith('/assets/') ? LONG_CACHE : 'no-cache');
  if (acceptsHtml(req) && !pathname.startsWith('/assets/')) return sendFile(req, res, index, 'no-cache');
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
}

function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.join(root, path.normalize(decoded.endsWith('/') ? `${decoded}index.html` : decoded));
  return file.startsWith(root + path.sep) ? file : undefined;
}

async function fileSize(file: string): Promise<number | undefined> {
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? info.size : undefined;
}

function acceptsHtml(req: http.IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}

async function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, cacheControl: string): Promise<void> {
  const info = await stat(file);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = { 'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream', 'cache-control': cacheControl, etag };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    createReadStream(file).on('error', reject).pipe(res).on('finish', resolve).on('close', resolve);
  });
}
