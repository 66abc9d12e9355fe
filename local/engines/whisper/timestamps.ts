/**
 * Whisper's segments from its timestamp tokens. Decoded with timestamps, Whisper writes
 * `<|begin|> text <|end|>` for each stretch of speech it hears, the times in seconds from the start of the audio it
 * was given (0.02 s steps); two timestamps in a row close one segment and open the next.
 */
import { END_OF_TEXT, type WhisperTokens } from './tokens.js';

/** A stretch of Whisper's text with the times it gave, in seconds from the start of the audio it heard. */
export interface TimedText { start: number; end: number; text: string }

/**
 * The segments of one decoded sequence (`ids` after the prompt, up to end of text). Text without a closing timestamp
 * ends at `audioSeconds`; text without an opening one starts where the previous segment ended (or at 0). A segment
 * whose times run backwards is given the previous end as its start. Returns undefined when the sequence holds text but
 * no timestamp at all (Whisper chose not to time it), so the caller can place the words some other way.
 */
export function segmentsFromTokens(ids: readonly number[], tokens: WhisperTokens, audioSeconds: number): TimedText[] | undefined {
  const segments: TimedText[] = [];
  let start: number | undefined;
  let text: number[] = [];
  let sawTimestamp = false;
  let lastEnd = 0;
  const close = (end: number) => {
    const words = tokens.decode(text).trim();
    text = [];
    const from = Math.min(Math.max(start ?? lastEnd, lastEnd), audioSeconds);
    const to = Math.min(Math.max(end, from), audioSeconds);
    if (words !== '') segments.push({ start: from, end: to, text: words });
    lastEnd = Math.max(lastEnd, to);
    start = undefined;
  };
  for (const id of ids) {
    const time = tokens.timestamp(id);
    if (time !== undefined) {
      sawTimestamp = true;
      if (text.length > 0) close(time);
      else start = time;
      continue;
    }
    if (tokens.special(id)) {
      if (id === END_OF_TEXT) break;
      continue;
    }
    text.push(id);
  }
  if (text.length > 0) close(audioSeconds);
  return sawTimestamp || segments.length === 0 ? segments : undefined;
}
