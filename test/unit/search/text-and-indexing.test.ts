import { wordsFromTextract } from '../../../functions/core/search/frames.js';
import { segmentWords, SEGMENT_MAX_WORDS } from '../../../functions/core/search/indexing.js';
import { exactCount, matchesAll, queryTerms, tokenize, wordMatches } from '../../../functions/core/search/text.js';
import { toTextractBlocks } from '../../../local/textract/blocks.js';
import { imageSize } from '../../../local/textract/image-size.js';
import { highlightParts } from '../../../web/src/features/search/highlight.js';
import { formatClock } from '../../../web/src/lib/time.js';

describe('search text', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(tokenize('Café-Agenda, 2. ITEMS')).toEqual(['cafe', 'agenda', '2', 'items']);
  });

  it('matches when every query word starts some word, not across words', () => {
    const tokens = tokenize('1. Printing history review');
    expect(matchesAll(tokens, queryTerms('PRINT hist'))).toBe(true);
    expect(matchesAll(tokens, queryTerms('printing agenda'))).toBe(false);
    expect(matchesAll(tokens, queryTerms('rint'))).toBe(false);
  });

  it('counts the query words that are whole words', () => {
    expect(exactCount(tokenize('printing costs rose'), queryTerms('printing cost'))).toBe(1);
  });

  it('keeps at most eight distinct query words, the longest', () => {
    const terms = queryTerms('a bb ccc dddd eeeee ffffff ggggggg hhhhhhhh iiiiiiiii a bb');
    expect(terms).toHaveLength(8);
    expect(terms).not.toContain('a');
  });

  it('picks written words by prefix for highlighting', () => {
    expect(wordMatches('Agenda,', ['agen'])).toBe(true);
    expect(wordMatches('magenta', ['agen'])).toBe(false);
  });
});

describe('segmentWords', () => {
  const word = (text: string, start: number, speaker = 'spk_0') => ({ text, start, end: start + 0.3, speaker });

  it('starts a new passage at a change of speaker and after a long pause', () => {
    const segments = segmentWords('m', '2025-01-01T00:00:00.000Z', [word('a', 0), word('b', 0.5), word('c', 1, 'spk_1'), word('d', 5, 'spk_1')]);
    expect(segments.map((s) => [s.speaker, s.start, s.words.map((w) => w.text).join(' ')])).toEqual([['spk_0', 0, 'a b'], ['spk_1', 1, 'c'], ['spk_1', 5, 'd']]);
    expect(segments.map((s) => s.position)).toEqual([0, 1, 2]);
  });

  it('bounds a passage by its word count', () => {
    const words = Array.from({ length: SEGMENT_MAX_WORDS + 5 }, (_, i) => word(`w${i}`, i * 0.4));
    expect(segmentWords('m', 'x', words).map((s) => s.words.length)).toEqual([SEGMENT_MAX_WORDS, 5]);
  });
});

describe('local Textract blocks', () => {
  const lines = [{ text: 'Weekly Sync', confidence: 93, bbox: { x0: 82, y0: 80, x1: 700, y1: 135 }, words: [
    { text: 'Weekly', confidence: 95, bbox: { x0: 82, y0: 80, x1: 350, y1: 135 } },
    { text: 'Sync', confidence: 92, bbox: { x0: 380, y0: 80, x1: 700, y1: 135 } },
  ] }];

  it('answers PAGE, LINE and WORD blocks linked by CHILD relationships, with relative boxes', () => {
    let n = 0;
    const blocks = toTextractBlocks(lines, 1280, 720, () => `id-${++n}`) as any[];
    expect(blocks.map((b) => b.BlockType)).toEqual(['PAGE', 'LINE', 'WORD', 'WORD']);
    expect(blocks[0].Relationships).toEqual([{ Type: 'CHILD', Ids: [blocks[1].Id] }]);
    expect(blocks[1].Relationships).toEqual([{ Type: 'CHILD', Ids: [blocks[2].Id, blocks[3].Id] }]);
    expect(blocks[2].Geometry.BoundingBox).toEqual({ Left: 82 / 1280, Top: 80 / 720, Width: (350 - 82) / 1280, Height: 55 / 720 });
    expect(blocks[2].Geometry.Polygon).toHaveLength(4);
  });

  it('turns WORD blocks into frame words and skips the rest', () => {
    const words = wordsFromTextract(toTextractBlocks(lines, 1280, 720) as any);
    expect(words.map((w) => w.text)).toEqual(['Weekly', 'Sync']);
    expect(words[1].box.left).toBeCloseTo(380 / 1280);
  });

  it('reads the pixel size of PNG and JPEG headers and nothing else', () => {
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0); png.write('IHDR', 12, 'ascii'); png.writeUInt32BE(640, 16); png.writeUInt32BE(480, 20);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0xd0, 0x05, 0x00, 0x03, 0, 0, 0]);
    expect(imageSize(png)).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpeg)).toEqual({ width: 1280, height: 720 });
    expect(imageSize(Buffer.from('hello world, not an image'))).toBeUndefined();
  });
});

describe('search highlighting in the web app', () => {
  it('marks each word that starts with a query word', () => {
    expect(highlightParts('HE HOPED THERE WOULD BE STEW', 'hope stew')).toEqual([
      { text: 'HE ', match: false }, { text: 'HOPED', match: true }, { text: ' THERE WOULD BE ', match: false }, { text: 'STEW', match: true },
    ]);
  });

  it('shows times as m:ss, or H:mm:ss from an hour on', () => {
    expect(formatClock(75.6)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
