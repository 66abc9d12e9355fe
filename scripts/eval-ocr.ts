/**
 * npm run eval:ocr — OCR word recall on the fixture slide: the video branch's frame extraction on
 * meeting_constructed.mp4, each frame through the local Textract (tesseract.js), compared with the
 * slide text the fixture lists (on_screen_text.lines). Prints recall, precision and the missed words.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DetectDocumentTextCommand, TextractClient } from '@aws-sdk/client-textract';
import { wordsFromTextract } from '../functions/core/search/frames.js';
import { tokenize } from '../functions/core/search/text.js';
import { extractFrames } from '../functions/adapters/media/frames.js';
import { startLocalTextract } from '../local/textract/index.js';
import { FIXTURES_DIR, readFixtureMeeting } from '../test/unit/search/fixture-transcript.js';

const multiset = (words: string[]) => words.reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>());

async function main() {
  const reference = tokenize((await readFixtureMeeting()).on_screen_text.lines.join(' '));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-eval-ocr-'));
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const textract = await startLocalTextract({ credentials });
  try {
    const client = new TextractClient({ endpoint: textract.endpoint, region: 'us-east-1', credentials });
    const frames = await extractFrames(path.join(FIXTURES_DIR, 'meeting', 'meeting_constructed.mp4'), dir);
    console.log(`Frames extracted: ${frames.length} (at ${frames.map((f) => `${f.timestamp}s`).join(', ')})`);
    let totalHit = 0;
    let totalRef = 0;
    let totalOcr = 0;
    for (const frame of frames) {
      const started = Date.now();
      const answer = await client.send(new DetectDocumentTextCommand({ Document: { Bytes: await readFile(frame.image) } }));
      const ocr = multiset(wordsFromTextract(answer.Blocks ?? []).flatMap((w) => tokenize(w.text)));
      const ocrCount = [...ocr.values()].reduce((a, b) => a + b, 0);
      const missed: string[] = [];
      let hit = 0;
      for (const word of reference) {
        const left = ocr.get(word) ?? 0;
        if (left > 0) { hit += 1; ocr.set(word, left - 1); } else missed.push(word);
      }
      totalHit += hit; totalRef += reference.length; totalOcr += ocrCount;
      console.log(`  frame ${frame.timestamp}s: recall ${(100 * hit / reference.length).toFixed(1)}% (${hit}/${reference.length}), ${Date.now(
        ) - started} ms${missed.length ? `, missed: ${missed.join(' ')}` : ''}`);
    }
    console.log(`\nOCR word recall on the fixture slide: ${(100 * totalHit / totalRef).toFixed(
      1)}% (${totalHit}/${totalRef} reference words over ${frames.length} frames)`);
    console.log(`OCR word precision: ${(100 * totalHit / Math.max(1, totalOcr)).toFixed(1)}% (${totalHit}/${totalOcr} words read)`);
  } finally {
    await textract.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
