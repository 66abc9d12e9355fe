/**
 * Where a recording may be downloaded from (issue 28, SSRF). Zoom's recording files carry `download_url`s on
 * zoom.us (`https://zoom.us/rec/download/…`, and account or regional web hosts such as `us02web.zoom.us`), and a
 * download answers with a redirect to Zoom's signed CDN link under the same domain; ZoomGov accounts use
 * zoomgov.com. Anything else named in a webhook (another host, a loopback or metadata address, plain http) is
 * never fetched.
 */
export const ZOOM_DOWNLOAD_DOMAINS = ['zoom.us', 'zoomgov.com'] as const;

export interface TrustedDownloads {
  /** Registrable domains whose host or subdomains are trusted over https. */
  readonly domains: readonly string[];
  /** Exact origins trusted as well (the configured API base, e.g. the local Zoom test server). */
  readonly origins: readonly string[];
}

/** Whether `url` is an https URL on one of the domains (or a subdomain), or has exactly one of the origins. */
export function isTrustedDownload(url: string, trusted: TrustedDownloads): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (trusted.origins.includes(parsed.origin)) return true;
  if (parsed.protocol !== 'https:' || (parsed.port !== '' && parsed.port !== '443')) return false;
  const host = parsed.hostname.toLowerCase();
  return trusted.domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Thrown when a download URL or one of its redirects leaves the trusted hosts; nothing was or will be fetched there. */
export class UntrustedDownload extends Error {
  readonly name = 'UntrustedDownload';
  constructor(readonly url: string) {
    super(`Refused to download a recording from ${safeHost(url)}: not one of the provider's download hosts.`);
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}
