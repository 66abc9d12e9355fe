import type { SpeakerTurn } from './types.js';

/** A speaker turn with a label, as read from RTTM or produced by diarization. */
export interface LabelledTurn { start: number; end: number; speaker: string }

/** Reads `SPEAKER <uri> 1 <start> <dur> <NA> <NA> <speaker> ...` lines. */
export function parseRttm(text: string): LabelledTurn[] {
  const turns: LabelledTurn[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] !== 'SPEAKER' || f.length < 8) continue;
    const start = Number(f[3]);
    turns.push({ start, end: start + Number(f[4]), speaker: f[7]! });
  }
  return turns;
}

/** Converts numbered turns to labelled ones. */
export function labelTurns(turns: readonly SpeakerTurn[]): LabelledTurn[] {
  return turns.map((t) => ({ start: t.start, end: t.end, speaker: `spk_${t.speaker}` }));
}

export interface DerCounts { scored: number; missed: number; falseAlarm: number; confusion: number }

const STEP = 0.01;

/**
 * Diarization error counts in seconds, frame by frame (10 ms): overlapped speech is scored, a collar of
 * `collar` seconds around each reference boundary is not, and hypothesis speakers are mapped one-to-one
 * onto reference speakers to maximise agreement.
 */
export function diarizationErrors(reference: readonly LabelledTurn[], hypothesis: readonly LabelledTurn[], collar = 0.25): DerCounts {
  const end = Math.max(0, ...reference.map((t) => t.end), ...hypothesis.map((t) => t.end));
  const frames = Math.ceil(end / STEP) + 1;
  const refLabels = [...new Set(reference.map((t) => t.speaker))];
  const hypLabels = [...new Set(hypothesis.map((t) => t.speaker))];
  const activity = (turns: readonly LabelledTurn[], labels: string[]) => labels.map((label) => {
    const a = new Uint8Array(frames);
    for (const t of turns) if (t.speaker === label) for (let f = Math.round(t.start / STEP); f < Math.round(t.end / STEP); f++) a[f] = 1;
    return a;
  });
  const ref = activity(reference, refLabels);
  const hyp = activity(hypothesis, hypLabels);
  const scored = new Uint8Array(frames).fill(1);
  for (const t of reference) {
    for (const edge of [t.start, t.end]) {
      for (let f = Math.max(0, Math.round((edge - collar) / STEP)); f < Math.min(frames, Math.round((edge + collar) / STEP)); f++) scored[f] = 0;
    }
  }
  const overlap = ref.map((r) => hyp.map((h) => {
    let n = 0;
    for (let f = 0; f < frames; f++) if (scored[f] && r[f] && h[f]) n++;
    return n;
  }));
  const mapping = bestMapping(overlap, hypLabels.length);
  const counts: DerCounts = { scored: 0, missed: 0, falseAlarm: 0, confusion: 0 };
  for (let f = 0; f < frames; f++) {
    if (!scored[f]) continue;
    let nRef = 0;
    let nHyp = 0;
    let correct = 0;
    for (let r = 0; r < ref.length; r++) {
      if (!ref[r]![f]) continue;
      nRef++;
      const h = mapping[r];
      if (h !== undefined && h >= 0 && hyp[h]![f]) correct++;
    }
    for (const h of hyp) if (h[f]) nHyp++;
    counts.scored += nRef;
    counts.missed += Math.max(0, nRef - nHyp);
    counts.falseAlarm += Math.max(0, nHyp - nRef);
    counts.confusion += Math.min(nRef, nHyp) - correct;
  }
  return { scored: counts.scored * STEP, missed: counts.missed * STEP, falseAlarm: counts.falseAlarm * STEP, confusion: counts.confusion * STEP };
}

/** DER = (missed + false alarm + confusion) / scored reference speech. */
/** The counts of several recordings added up (pooled DER). */
export function sumDerCounts(counts: readonly DerCounts[]): DerCounts {
  return counts.reduce((t, c) => ({ scored: t.scored + c.scored, missed: t.missed + c.missed, falseAlarm: t.falseAlarm + c.falseAlarm, confusion: t.confusion +
    c.confusion }), { scored: 0, missed: 0, falseAlarm: 0, confusion: 0 });
}

export function diarizationErrorRate(c: DerCounts): number {
  return c.scored === 0 ? 0 : (c.missed + c.falseAlarm + c.confusion) / c.scored;
}

/** One-to-one assignment maximising total overlap (exact, by dynamic programming over hypothesis subsets). */
function bestMapping(overlap: number[][], hypCount: number): number[] {
  if (hypCount > 16) throw new Error('Too many hypothesis speakers to score');
  const refCount = overlap.length;
  const memo = new Map<number, { value: number; choice: number[] }>();
  const solve = (r: number, used: number): { value: number; choice: number[] } => {
    if (r === refCount) return { value: 0, choice: [] };
    const key = r * 65_536 + used;
    const cached = memo.get(key);
    if (cached) return cached;
    const skip = solve(r + 1, used);
    let best = { value: skip.value, choice: [-1, ...skip.choice] };
    for (let h = 0; h < hypCount; h++) {
      if (used & (1 << h)) continue;
      const rest = solve(r + 1, used | (1 << h));
      const value = overlap[r]![h]! + rest.value;
      if (value > best.value) best = { value, choice: [h, ...rest.choice] };
    }
    memo.set(key, best);
    return best;
  };
  return solve(0, 0).choice;
}
