/**
 * The slice of a transcript that insights need: speaker turns with timed words. Times are seconds from
 * the start of the recording. A word's text may carry punctuation ("great.") when the speech engine gives
 * it; punctuation-only tokens without times (Amazon Transcribe's `punctuation` items) are accepted too.
 */
export interface TimedWord {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export interface TranscriptTurn {
  /** `spk_N`, as the product labels speakers. */
  readonly speaker: string;
  readonly words: readonly TimedWord[];
}

/** A sentence of one speaker, with the times of its first and last word. */
export interface Sentence {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly speaker: string;
}

/** `0`, `'0'`, `'spk_0'`, `'Speaker 0'` → `spk_0`; other labels are kept as they are. */
export function speakerLabel(raw: unknown): string {
  if (typeof raw === 'number' && Number.isInteger(raw)) return `spk_${raw}`;
  const text = String(raw ?? '').trim();
  const digits = /^(?:spk_|speaker[ _-]?)?(\d+)$/i.exec(text);
  return digits ? `spk_${Number(digits[1])}` : text || 'spk_0';
}

/** The pipeline's transcript document (functions/core/transcripts/turns.ts), as far as insights read it. */
export interface TranscriptDocumentLike {
  readonly durationSeconds?: number | null;
  readonly turns: ReadonlyArray<{
    readonly speakerLabel?: string;
    readonly speaker?: string;
    readonly words: ReadonlyArray<{ readonly text: string; readonly start: number; readonly end: number }>;
  }>;
}

export class InvalidTranscript extends Error {
  readonly name = 'InvalidTranscript';
}

/**
 * The turns of a transcript document, with `spk_N` labels. Throws InvalidTranscript when it has no
 * `turns` array or a turn has no `words` array.
 */
export function turnsOf(document: unknown): TranscriptTurn[] {
  const turns = (document as Partial<TranscriptDocumentLike> | null)?.turns;
  if (!Array.isArray(turns)) throw new InvalidTranscript('Not a transcript document: turns is missing.');
  return turns.map((turn, i) => {
    if (!Array.isArray(turn?.words)) throw new InvalidTranscript(`Turn ${i} of the transcript has no words.`);
    return { speaker: speakerLabel(turn.speakerLabel ?? turn.speaker), words: turn.words };
  });
}
