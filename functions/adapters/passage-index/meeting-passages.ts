import type { PassageDoc, PassageKind, PassageLine } from '../../core/ask/model.js';
import { passageText } from '../../core/ask/model.js';
import { passageTerms } from '../../core/ask/terms.js';
import type { QuantisedRows } from './quantised-vectors.js';
import { buildPostings, type LineRange, type WordPostings } from './word-postings.js';

const KINDS: readonly PassageKind[] = ['speech', 'slide'];
const INTS = 3; // position, firstTurn, lastTurn
const lineKey = (l: PassageLine) => `${l.start}\u0000${l.end}\u0000${l.speaker}\u0000${l.text}`;

/**
 * One meeting's passages in memory, column-wise: each distinct line once (a speech line sits in two
 * overlapping passages), a passage as a range of lines plus its numbers in typed arrays, its vector as int8
 * codes (QuantisedRows), and the words' postings by line (WordPostings). A PassageDoc object is made only
 * for a passage a query returns. Objects per passage and per line, with every line twice, took most of the
 * index's memory before (docs/search.md, "Index").
 */
export class MeetingPassages {
  readonly count: number;
  readonly postings: WordPostings;
  private readonly kinds: Uint8Array;
  private readonly ints: Int32Array;
  private readonly times: Float64Array;
  private readonly ranges: Uint32Array;
  private readonly imageKeys = new Map<number, string>();
  private readonly speakers: string[] = [];
  private readonly speakerOf: Uint32Array;
  private readonly lineTimes: Float64Array;
  private readonly texts: string[];

  /** `vectors` rows are the passages' in order; `intern` gives a term's id in the shared word statistics. */
  constructor(readonly meetingId: string, docs: readonly PassageDoc[], readonly vectors: QuantisedRows, intern: (term: string) => number) {
    this.count = docs.length;
    this.kinds = Uint8Array.from(docs, (d) => KINDS.indexOf(d.kind));
    this.ints = Int32Array.from(docs.flatMap((d) => [d.position, d.firstTurn, d.lastTurn]));
    this.times = Float64Array.from(docs.flatMap((d) => [d.start, d.end]));
    docs.forEach((d, i) => { if (d.imageKey !== undefined) this.imageKeys.set(i, d.imageKey); });
    const { lines, ranges } = distinctLines(docs);
    this.ranges = Uint32Array.from(ranges.flatMap((r) => [r.first, r.count]));
    const speakerNumbers = new Map<string, number>();
    this.speakerOf = Uint32Array.from(lines, (l) => {
      let n = speakerNumbers.get(l.speaker);
      if (n === undefined) speakerNumbers.set(l.speaker, (n = this.speakers.push(l.speaker) - 1));
      return n;
    });
    this.lineTimes = Float64Array.from(lines.flatMap((l) => [l.start, l.end]));
    this.texts = lines.map((l) => l.text);
    this.postings = buildPostings(lines.map((l) => passageTerms(passageText({ lines: [l] })).map(intern)), ranges);
  }

  kind(i: number): PassageKind { return KINDS[this.kinds[i]]; }

  /** Passage `i` as the port returns it. */
  get(i: number): PassageDoc {
    const first = this.ranges[2 * i];
    const lines = Array.from({ length: this.ranges[2 * i + 1] }, (_, j) => this.line(first + j));
    const imageKey = this.imageKeys.get(i);
    return {
      meetingId: this.meetingId, kind: this.kind(i), position: this.ints[INTS * i], firstTurn: this.ints[INTS * i + 1], lastTurn: this.ints[INTS * i + 2],
      start: this.times[2 * i], end: this.times[2 * i + 1], lines, ...(imageKey !== undefined ? { imageKey } : {}),
    };
  }

  private line(l: number): PassageLine {
    return { speaker: this.speakers[this.speakerOf[l]], start: this.lineTimes[2 * l], end: this.lineTimes[2 * l + 1], text: this.texts[l] };
  }
}

/**
 * The passages' lines, each distinct line once, and each passage's lines as a range of them: a passage whose
 * lines continue the table where its first line already is (the overlap of consecutive windows) shares them;
 * any other passage gets its own lines at the end.
 */
export function distinctLines(docs: readonly Pick<PassageDoc, 'lines'>[]): { lines: PassageLine[]; ranges: LineRange[] } {
  const lines: PassageLine[] = [];
  const keys: string[] = [];
  const firstAt = new Map<string, number>();
  const ranges = docs.map(({ lines: own }) => {
    const wanted = own.map(lineKey);
    const found = wanted.length > 0 ? firstAt.get(wanted[0]) : undefined;
    const fits = found !== undefined && wanted.every((key, j) => found + j >= keys.length || keys[found + j] === key);
    const first = fits ? found : lines.length;
    own.forEach((line, j) => {
      if (first + j < lines.length) return;
      lines.push(line);
      keys.push(wanted[j]);
      if (!firstAt.has(wanted[j])) firstAt.set(wanted[j], first + j);
    });
    return { first, count: own.length };
  });
  return { lines, ranges };
}
