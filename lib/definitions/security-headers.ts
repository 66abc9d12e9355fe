/**
 * The security headers of every answer, defined once for both runtimes: the local gateway sets them on
 * the SPA, /api/* and the dev pages (local/gateway), CloudFront sets them through a response-headers
 * policy (lib/web-stack.ts). docs/security.md explains each directive.
 */

/** Hosts Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_HOSTS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

export interface SecurityHeaderOptions {
  /**
   * Origins of the media bucket: the browser uploads recordings to it (presigned POST) and plays
   * recordings and frame images from it (presigned GET).
   */
  readonly storageOrigins: readonly string[];
  /** Allow Stripe.js (when billing is configured). @default false */
  readonly stripe?: boolean;
}

/** The Content-Security-Policy the SPA (React, Vite build, MediaPipe's WebAssembly, SWR fetches, the room's WebSocket) passes. */
export function contentSecurityPolicy({ storageOrigins, stripe = false }: SecurityHeaderOptions): string {
  const storage = [...storageOrigins];
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    // MediaPipe's segmentation compiles WebAssembly; no eval of JavaScript is allowed.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...(stripe ? STRIPE_HOSTS.script : [])]],
    // React's style attributes and the dev mailbox's one <style> block.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...storage]],
    ['media-src', ["'self'", 'blob:', ...storage]],
    // 'self' covers the same-origin WebSocket (ws:/wss:) in CSP Level 3 browsers.
    ['connect-src', ["'self'", ...storage, ...(stripe ? STRIPE_HOSTS.connect : [])]],
    ['font-src', ["'self'", 'data:']],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', stripe ? STRIPE_HOSTS.frame : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Two years, with subdomains (cloud only: the local edition is plain http). */
export const HSTS_SECONDS = 63_072_000;

/** The headers for one runtime; `hsts` only where the site is served over https. */
export function securityHeaders(options: SecurityHeaderOptions & { readonly hsts: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    ...(options.hsts ? { 'strict-transport-security': `max-age=${HSTS_SECONDS}; includeSubDomains` } : {}),
  };
}
