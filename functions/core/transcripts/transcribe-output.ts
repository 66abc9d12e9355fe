/**
 * Amazon Transcribe's documented output JSON (the file a job writes to OutputBucketName/OutputKey) and its
 * one parser. The cloud service and the local edition's endpoint both write this format.
 */
export interface TranscribeOutput {
  readonly jobName?: string;
  readonly status?: string;
  readonly results: {
    readonly transcripts: ReadonlyArray<{ readonly transcript: string }>;
    readonly items: readonly TranscribeItem[];
    readonly speaker_labels?: {
      readonly speakers?: number;
      readonly segments: ReadonlyArray<{
        readonly start_time: string;
        readonly end_time: string;
        readonly speaker_label: string;
        readonly items?: ReadonlyArray<{ readonly start_time: string; readonly end_time: string; readonly speaker_label: string }>;
      }>;
    };
  };
}

export interface TranscribeItem {
  readonly type: 'pronunciation' | 'punctuation';
  readonly start_time?: string;
  readonly end_time?: string;
  readonly speaker_label?: string;
  readonly alternatives: ReadonlyArray<{ readonly content: string; readonly confidence?: string }>;
}

/** One recognised word with its timing (seconds), speaker label (`spk_N`) and any punctuation that follows it. */
export interface TimedWord {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly speaker: string;
  readonly confidence: number | null;
}

export class InvalidTranscribeOutput extends Error {
  readonly name = 'InvalidTranscribeOutput';
}

const UNKNOWN_SPEAKER = 'spk_0';

/**
 * Reads Transcribe's output into timed words in spoken order; punctuation items are appended to the word before
 * them. The speaker comes from the item's `speaker_label`, else from the `speaker_labels.segments` covering it.
 * Throws InvalidTranscribeOutput when the document is not Transcribe output.
 */
export function parseTranscribeOutput(document: unknown): TimedWord[] {
  const results = (document as Partial<TranscribeOutput> | null)?.results;
  if (!results || !Array.isArray(results.items)) throw new InvalidTranscribeOutput('Not an Amazon Transcribe output document: results.items is missing.');
  const segments = (results.speaker_labels?.segments ?? []).map((s) => ({ start: seconds(s.start_time), end: seconds(s.end_time), speaker: s.speaker_label }));
  const speakerAt = (start: number, end: number): string => {
    // The segment that overlaps the word most; a word between segments goes to the nearest one.
    let best: { speaker: string; score: number } | undefined;
    for (const s of segments) {
      const overlap = Math.min(end, s.end) - Math.max(start, s.start);
      const score = overlap >= 0 ? overlap : overlap - 1e6;
      if (!best || score > best.score) best = { speaker: s.speaker, score };
    }
    return best?.speaker ?? UNKNOWN_SPEAKER;
  };

  const words: Array<TimedWord & { text: string }> = [];
  for (const item of results.items) {
    const content = item.alternatives?.[0]?.content ?? '';
    if (item.type === 'punctuation') {
      const last = words.at(-1);
      if (last && content) words[words.length - 1] = { ...last, text: last.text + content };
      continue;
    }
    if (item.type !== 'pronunciation' || !content) continue;
    const start = seconds(item.start_time);
    const end = Math.max(start, seconds(item.end_time));
    const confidence = item.alternatives[0]?.confidence;
    words.push({
      text: content, start, end,
      speaker: item.speaker_label ?? speakerAt(start, end),
      confidence: confidence === undefined ? null : Number(confidence),
    });
  }
  return words;
}

function seconds(value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isFinite(n) || n < 0) throw new InvalidTranscribeOutput(`Invalid time '${value}' in Transcribe output.`);
  return n;
}
