import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { escapeXml, S3Error, unescapeXml } from './xml.js';
import { readText, requestUpstream, type Upstream } from './upstream.js';

/** A complete answer the front writes back as is. */
export interface Answer { readonly status: number; readonly headers: OutgoingHttpHeaders; readonly body: string }

interface Entry { readonly name: string; readonly xml: string; readonly isPrefix: boolean }

/** True for `GET /{bucket}?list-type=2...` (ListObjectsV2). */
export function isListV2(method: string, url: URL): boolean {
  return method === 'GET' && /^\/[^/]+\/?$/.test(url.pathname) && url.searchParams.get('list-type') === '2';
}

const encodeToken = (name: string) => Buffer.from(name, 'utf8').toString('base64url');

function decodeToken(token: string): string {
  const name = Buffer.from(token, 'base64url').toString('utf8');
  if (!name || encodeToken(name) !== token.replace(/=+$/, '')) {
    throw new S3Error('InvalidArgument', 'The continuation token provided is incorrect', 400, { ArgumentName: 'continuation-token' });
  }
  return name;
}

/**
 * Answers ListObjectsV2 from s3rver's V1 listing (its own V2 paging fails on Node >= 17): the
 * continuation token is the last key or common prefix returned. Throws S3Error on a bad token or max-keys.
 */
export async function listObjectsV2(upstream: Upstream, url: URL, headers: IncomingHttpHeaders): Promise<Answer> {
  const q = url.searchParams;
  const token = q.get('continuation-token');
  const marker = token !== null ? decodeToken(token) : q.get('start-after') ?? '';
  const maxKeysText = q.get('max-keys') ?? '1000';
  if (!/^\d+$/.test(maxKeysText)) {
    throw new S3Error('InvalidArgument', 'Provided max-keys not an integer or within integer range', 400, { ArgumentName: 'max-keys' });
  }
  const maxKeys = Math.min(Number(maxKeysText), 1000);
  const v1 = new URLSearchParams({ 'max-keys': String(maxKeys) });
  for (const name of ['prefix', 'delimiter']) if (q.get(name)) v1.set(name, q.get(name)!);
  if (marker) v1.set('marker', marker);
  const res = await requestUpstream(upstream, {
    method: 'GET',
    path: `${url.pathname.replace(/\/$/, '')}?${v1}`,
    headers: headers.origin ? { origin: headers.origin } : {},
  });
  const text = await readText(res);
  const passHeaders = Object.fromEntries(Object.entries(res.headers).filter(([n]) => n.startsWith('access-control-') || n === 'vary'));
  if (res.statusCode !== 200) return { status: res.statusCode ?? 500, headers: { ...passHeaders, 'content-type': 'application/xml' }, body: text };
  const body = toV2(text, { marker, maxKeys, token, fetchOwner: q.get('fetch-owner') === 'true', q });
  return { status: 200, headers: { ...passHeaders, 'content-type': 'application/xml' }, body };
}

interface PageOptions { marker: string; maxKeys: number; token: string | null; fetchOwner: boolean; q: URLSearchParams }

function toV2(v1: string, { marker, maxKeys, token, fetchOwner, q }: PageOptions): string {
  const entries = parseEntries(v1, fetchOwner).filter((e) => !e.isPrefix || e.name > marker);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const page = entries.slice(0, maxKeys);
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(v1) || entries.length > page.length;
  const last = page[page.length - 1];
  const element = (name: string, value: string | null | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : '');
  return '<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
    + `<Name>${escapeXml(unescapeXml(tagText(v1, 'Name') ?? ''))}</Name><Prefix>${escapeXml(q.get('prefix') ?? '')}</Prefix>`
    + (token === null ? element('StartAfter', q.get('start-after')) : element('ContinuationToken', token))
    + `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>${element('Delimiter', q.get('delimiter'))}`
    + `<IsTruncated>${truncated}</IsTruncated>`
    + (truncated && last ? element('NextContinuationToken', encodeToken(last.name)) : '')
    + page.filter((e) => !e.isPrefix).map((e) => e.xml).join('')
    + page.filter((e) => e.isPrefix).map((e) => e.xml).join('')
    + '</ListBucketResult>';
}

function parseEntries(v1: string, fetchOwner: boolean): Entry[] {
  const field = (xml: string, tag: string) => unescapeXml(tagText(xml, tag) ?? '');
  const element = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;
  const contents = [...v1.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, inner = '']) => {
    const owner = fetchOwner && tagText(inner, 'Owner') !== undefined
      ? `<Owner>${element('ID', field(inner, 'ID'))}${element('DisplayName', field(inner, 'DisplayName'))}</Owner>` : '';
    const parts = ['Key', 'LastModified', 'ETag', 'Size', 'StorageClass'].map((tag) => element(tag, field(inner, tag)));
    return { name: field(inner, 'Key'), xml: `<Contents>${parts.join('')}${owner}</Contents>`, isPrefix: false };
  });
  const prefixes = [...v1.matchAll(/<CommonPrefixes>([\s\S]*?)<\/CommonPrefixes>/g)].map(([, inner = '']) => {
    const name = field(inner, 'Prefix');
    return { name, xml: `<CommonPrefixes>${element('Prefix', name)}</CommonPrefixes>`, isPrefix: true };
  });
  return [...contents, ...prefixes];
}

function tagText(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1];
}
