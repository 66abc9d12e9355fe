import { Readable } from 'node:stream';
import { AwsChunkedDecoder } from '../../../local/s3/aws-chunked.js';

/** Feeds `encoded` one byte at a time, the worst split a socket can produce. */
async function decode(encoded: string): Promise<string> {
  const bytes = Buffer.from(encoded, 'latin1');
  const source = Readable.from(Array.from(bytes, (b) => Buffer.from([b])));
  const chunks: Buffer[] = [];
  for await (const chunk of source.pipe(new AwsChunkedDecoder())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

describe('AwsChunkedDecoder', () => {
  it('decodes unsigned chunks followed by a checksum trailer', async () => {
    const encoded = '6\r\nhello \r\n6\r\nstream\r\n0\r\nx-amz-checksum-crc32:gtnkmQ==\r\n\r\n';

    expect(await decode(encoded)).toBe('hello stream');
  });

  it('decodes signed chunks, including data that contains CRLF', async () => {
    const sig = `;chunk-signature=${'a'.repeat(64)}`;
    const encoded = `b${sig}\r\nline1\r\nl2\r\n\r\n0${sig}\r\n\r\n`;

    expect(await decode(encoded)).toBe('line1\r\nl2\r\n');
  });

  it('fails on a body cut before its last chunk', async () => {
    await expect(decode('6\r\nhel')).rejects.toMatchObject({ code: 'IncompleteBody' });
  });

  it('fails on a chunk size that is not hexadecimal', async () => {
    await expect(decode('zz\r\nhello\r\n0\r\n\r\n')).rejects.toMatchObject({ code: 'IncompleteBody' });
  });
});
