/**
 * Names the words of a transcript from a meeting service's speaker cues (issue 30):
 * - per-participant audio: each word takes the name of the track that carries it (no clustering at all);
 * - a timeline or transcript: each diarized speaker takes the name it overlaps most; a cluster is split where
 *   the cues clearly disagree (another name over a long stretch of its words) and clusters with one name merge.
 * Labels come out as `spk_N` in order of first appearance, with the names to store for their `Speaker N`.
 */
import type { SpeakerNames } from '../transcripts/speaker-names.js';
import type { TimedWord } from '../transcripts/transcribe-output.js';
import { speakerDisplayName } from '../transcripts/turns.js';
import type { SpeakerCue, SpeakerCues } from './cues.js';

/** A cluster's words are split off only when another name covers at least this long a run of them. */
export const SPLIT_MIN_SECONDS = 1.5;
/** A pause this long ends a run of words. */
const RUN_GAP_SECONDS = 1;
/** A word without an overlapping cue takes the nearest cue this close (seconds) on per-participant audio. */
const NEAREST_SECONDS = 1;
/** Words are at least this long when measuring overlap (a recogniser may give a word no duration). */
const MIN_WORD_SECONDS = 0.05;

export interface NamedWords {
  readonly words: TimedWord[];
  readonly names: SpeakerNames;
}

function overlap(word: TimedWord, cue: SpeakerCue): number {
  const end = Math.max(word.end, word.start + MIN_WORD_SECONDS);
  return Math.max(0, Math.min(end, cue.end) - Math.max(word.start, cue.start));
}

/** Seconds of the word covered by each name. */
function coverage(word: TimedWord, cues: readonly SpeakerCue[]): Map<string, number> {
  const byName = new Map<string, number>();
  for (const cue of cues) {
    if (cue.end < word.start || cue.start > word.end + MIN_WORD_SECONDS) continue;
    const o = overlap(word, cue);
    if (o > 0) byName.set(cue.name, (byName.get(cue.name) ?? 0) + o);
  }
  return byName;
}

function best(scores: Map<string, number>): string | undefined {
  let name: string | undefined;
  let top = 0;
  for (const [n, s] of scores) if (s > top) { top = s; name = n; }
  return name;
}

function nearest(word: TimedWord, cues: readonly SpeakerCue[], within: number): string | undefined {
  let name: string | undefined;
  let gap = within;
  for (const cue of cues) {
    const d = cue.end < word.start ? word.start - cue.end : cue.start > word.end ? cue.start - word.end : 0;
    if (d <= gap) { gap = d; name = cue.name; }
  }
  return name;
}

/** The name each word's own time carries (undefined where no cue covers it). */
function wordNames(words: readonly TimedWord[], cues: readonly SpeakerCue[]): (string | undefined)[] {
  const sorted = [...cues].sort((a, b) => a.start - b.start);
  return words.map((w) => best(coverage(w, sorted)));
}

/** Per-participant audio: every word is named by its track, the cluster labels are ignored. */
function byTrack(words: readonly TimedWord[], cues: readonly SpeakerCue[]): (string | undefined)[] {
  return wordNames(words, cues).map((name, i) => name ?? nearest(words[i]!, cues, NEAREST_SECONDS) ?? nearest(words[i]!, cues, Infinity));
}

/** Timeline or transcript: clusters named by overlap, split where a long run of words says otherwise. */
function byCluster(words: readonly TimedWord[], cues: readonly SpeakerCue[]): (string | undefined)[] {
  const perWord = wordNames(words, cues);
  const totals = new Map<string, Map<string, number>>();
  words.forEach((w, i) => {
    const name = perWord[i];
    if (!name) return;
    const scores = totals.get(w.speaker) ?? new Map<string, number>();
    scores.set(name, (scores.get(name) ?? 0) + Math.max(w.end - w.start, MIN_WORD_SECONDS));
    totals.set(w.speaker, scores);
  });
  const clusterName = new Map([...totals].map(([label, scores]) => [label, best(scores)]));
  const named: (string | undefined)[] = words.map((w) => clusterName.get(w.speaker));
  // Split: a run of consecutive words of one cluster that the cues give to another name, long enough to be clear.
  let runStart = 0;
  for (let i = 1; i <= words.length; i++) {
    const same = i < words.length && perWord[i] === perWord[runStart] && words[i]!.speaker === words[runStart]!.speaker
      && words[i]!.start - words[i - 1]!.end < RUN_GAP_SECONDS;
    if (same) continue;
    const name = perWord[runStart];
    const span = words[i - 1]!.end - words[runStart]!.start;
    if (name && name !== named[runStart] && span >= SPLIT_MIN_SECONDS) for (let k = runStart; k < i; k++) named[k] = name;
    runStart = i;
  }
  return named;
}

/**
 * Relabels the words by the service's names and answers the names to store. Words no cue names keep a label of
 * their own cluster (shown as `Speaker N` until the host names it). Answers the words unchanged without cues.
 */
export function nameWordsByCues(words: readonly TimedWord[], cues: SpeakerCues): NamedWords {
  if (cues.cues.length === 0 || words.length === 0) return { words: [...words], names: {} };
  const names = cues.source === 'participant_audio' ? byTrack(words, cues.cues) : byCluster(words, cues.cues);
  const labels = new Map<string, string>();
  const labelFor = (key: string) => {
    if (!labels.has(key)) labels.set(key, `spk_${labels.size}`);
    return labels.get(key)!;
  };
  const relabelled = words.map((w, i) => ({ ...w, speaker: labelFor(names[i] ? `name:${names[i]}` : `cluster:${w.speaker}`) }));
  const speakerNames: Record<string, string> = {};
  for (const [key, label] of labels) speakerNames[speakerDisplayName(label)] = key.startsWith('name:') ? key.slice(5) : speakerDisplayName(label);
  return { words: relabelled, names: speakerNames };
}
