/**
 * Prints the notes the on-box engine writes for every fixture meeting, so a reader can judge them.
 * Transcribing the recordings on-box is slow, so the transcript is built from each fixture's reference
 * JSON (speaker segments with text and times; words spread evenly over their segment). Fixtures without
 * reference text are listed as skipped. Usage: npm run eval:notes [-- <fixtures/meeting folder>]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitSentences } from '../functions/core/insights/sentences.js';
import type { TranscriptTurn } from '../functions/core/insights/transcript.js';
import { createExtractiveNotesEngine } from '../functions/core/notes/extractive-engine.js';
import { generateNotes } from '../functions/core/notes/generate-notes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'fixtures', 'meeting'));

interface Segment { speaker: string; start: number; end: number; text: string | null }

/** Reference segments → turns with `spk_N` labels (in order of first appearance) and evenly timed words. */
function turnsFrom(segments: Segment[]): TranscriptTurn[] {
  const labels = new Map<string, string>();
  return segments.filter((s) => s.text).map((s) => {
    if (!labels.has(s.speaker)) labels.set(s.speaker, `spk_${labels.size}`);
    const tokens = s.text!.split(/\s+/).filter(Boolean);
    const step = (s.end - s.start) / tokens.length;
    return { speaker: labels.get(s.speaker)!, words: tokens.map((text, i) => ({ text, start: s.start + i * step, end: s.start + (i + 0.9) * step })) };
  });
}

const clock = (t: number) => `${Math.floor(t / 60)}:${String(Math.floor(t % 60)).padStart(2, '0')}`;

let id = 0;
const files = (await readdir(folder)).filter((f) => f.endsWith('.json')).sort();
for (const file of files) {
  const fixture = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as { segments?: Segment[]; duration_s?: number };
  console.log(`\n=== ${file} (${fixture.duration_s ?? '?'} s) ===`);
  const turns = turnsFrom(fixture.segments ?? []);
  if (turns.length === 0) {
    console.log('skipped: the fixture has speaker turns but no reference text');
    continue;
  }
  const sentences = splitSentences(turns);
  const notes = await generateNotes(sentences, createExtractiveNotesEngine(), () => `id-${++id}`);
  console.log(`sentences: ${sentences.length}, speakers: ${new Set(sentences.map((s) => s.speaker)).size}`);
  console.log(`\nOverview:\n  ${notes.overview}`);
  console.log('\nSummary:');
  notes.summary.forEach((point, i) => console.log(`  - [${clock(notes.timestamp_ranges[i]!.start_time)}–${clock(notes.timestamp_ranges[i]!.end_time)}] ${point}`));
  console.log('\nAction items:');
  if (notes.action_items.length === 0) console.log('  (none)');
  for (const a of notes.action_items) console.log(`  ${a.number}. [${clock(a.timestamp_range.start_time)}–${clock(a.timestamp_range.end_time)}] ${a.content}`);
}
