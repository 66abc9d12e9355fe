/**
 * The transcript's mark for a stretch that held speech the engine could not transcribe (issue 31, docs/speech.md):
 * "[inaudible 0:40–0:59]", one word of the transcript, so every reader of it (the text file, exports, search, notes)
 * sees that words are missing there.
 */
import { formatDisplayTime } from './format.js';

/** "[inaudible 0:40–0:59]" (m:ss, or H:mm:ss from an hour on; the end rounded up, so the mark covers the stretch). */
export function inaudibleMark(startSeconds: number, endSeconds: number): string {
  return `[inaudible ${formatDisplayTime(startSeconds)}–${formatDisplayTime(Math.ceil(endSeconds))}]`;
}

/** True for a transcript word that is an inaudible mark rather than something said. */
export const isInaudibleMark = (text: string) => /^\[inaudible \d/.test(text);
