import { agnes } from 'ml-hclust';
import type { Audio } from './audio.js';
import { energyVad, type EnergyVadOptions } from './energy-vad.js';
import { fitGmm, gmmScorer, type DiagonalGmm } from './gmm.js';
import { computeMfcc, type Features } from './mfcc.js';
import type { RecognizedWord, SpeakerTurn } from './types.js';
import type { SpeechRegion } from './vad.js';

// Math's members are bound once: a global lookup per call is slow inside VM contexts (jest).
const { sqrt, abs, min, max, round } = Math;

export interface DiarizationOptions {
  maxSpeakers: number;
  /** Cosine distance at which the average-linkage tree is cut. */
  threshold?: number;
  windowSeconds?: number;
  hopSeconds?: number;
  gmmComponents?: number;
  resegmentPasses?: number;
  /** Frames over which per-speaker likelihoods are averaged during resegmentation. */
  smoothFrames?: number;
  /** Clusters with fewer than this share of the windows are merged into the nearest larger one. */
  minClusterShare?: number;
  vad?: EnergyVadOptions;
  /**
   * How the speakers are found. 'bic': agglomerative clustering of short speech segments by the Bayesian
   * information criterion, which stops by itself when a merge no longer pays (the number of speakers comes from
   * the data). 'threshold': sliding windows, average-linkage tree cut at `threshold`. Default: 'bic' when `speech`
   * regions are given (Silero), 'threshold' with the energy VAD, whose non-speech frames spoil the Gaussians
   * (docs/speech.md has the figures of both on both).
   */
  speakerCount?: 'threshold' | 'bic';
  /** 'bic': speech seconds per starting segment. */
  bicSegmentSeconds?: number;
  /** 'bic': weight of the parameter penalty (1 is the textbook BIC). */
  bicPenalty?: number;
  /** 'bic': MFCC c1..c`bicDims` model the speaker (one full-covariance Gaussian). */
  bicDims?: number;
  /** 'bic': frames counted as one independent observation (2.5: each 25 ms window spans 2.5 hops of 10 ms). */
  bicStride?: number;
  /** 'bic': how the count is read from the merge costs (chooseSpeakerCount). */
  bicCountRule?: CountRule;
  /**
   * Where the speech is (seconds), found beforehand, e.g. by the silero VAD (vad.ts detectSpeechRegions).
   * When given, only frames inside these regions are diarized and the energy VAD is not used.
   */
  speech?: readonly SpeechRegion[];
}

/** How the speaker count is read from the BIC merge costs (chooseSpeakerCount). */
export type CountRule = 'penalty' | 'gap' | 'larger';

/** The defaults, tuned on the development set (docs/speech.md). */
export const DIARIZATION_DEFAULTS = { threshold: 0.9, windowSeconds: 2.5, hopSeconds: 0.75, gmmComponents: 8, resegmentPasses: 2, smoothFrames: 100,
  minClusterShare: 0.2, vad: {} as EnergyVadOptions, bicSegmentSeconds: 2.5, bicPenalty: 1, bicDims: 12, bicStride: 2.5, bicCountRule: 'larger' } as const;

const MAX_WINDOWS = 1000;
const MAX_BIC_SEGMENTS = 400;
const MAX_BIC_FRAMES = 2000;
/** chooseSpeakerCount's floor on a merge cost, as a share of the penalty (same-speaker merges cost 0.3–0.6 of it). */
const GAP_COST_FLOOR = 0.25;
/** Half the MFCC analysis window (25 ms): a frame counts as speech when its centre lies in a region. */
const FRAME_CENTRE_SECONDS = 0.0125;
type Settings = Required<Omit<DiarizationOptions, 'speech'>>;

/**
 * Speaker diarization without neural models: MFCC (c1..c19) with CMVN over speech frames, speech from
 * the given `speech` regions or else the energy VAD; speakers by BIC agglomerative clustering of 2.5 s
 * segments (speakerCount 'bic', the default with `speech`) or by sliding windows embedded as mean+std
 * (z-scored), average-linkage clustering on cosine distance cut at `threshold` ('threshold', the default
 * with the energy VAD); at most `maxSpeakers` clusters; then per-speaker diagonal-GMM resegmentation.
 * Returns speech turns with speakers numbered by first appearance.
 */
export function diarize(audio: Audio, options: DiarizationOptions): SpeakerTurn[] {
  return diarizeFeatures(computeMfcc(audio.samples, { sampleRate: audio.sampleRate }), options);
}

/**
 * diarize on features computed beforehand (computeMfcc, or computeMfccInBlocks from a file read in windows), so the
 * caller can let go of the samples first. Normalises `features.mfcc` in place (it is the caller's no more).
 */
export function diarizeFeatures(features: Features, options: DiarizationOptions): SpeakerTurn[] {
  const { speech: regions, ...rest } = options;
  const o: Settings = { ...DIARIZATION_DEFAULTS, speakerCount: regions ? 'bic' : 'threshold', ...definedOnly(rest), maxSpeakers: options.maxSpeakers };
  const speech = regions ? regionMask(regions, features.logEnergy.length, features.hopSeconds) : energyVad(features.logEnergy, o.vad);
  const frames = speech.length;
  const speechIdx: number[] = [];
  for (let f = 0; f < frames; f++) if (speech[f]) speechIdx.push(f);
  if (speechIdx.length === 0) return [];
  const feats = cmvn(features, speechIdx);
  const labels = new Int32Array(frames).fill(-1);
  for (const f of speechIdx) labels[f] = 0;
  if (o.maxSpeakers > 1) {
    if (o.speakerCount === 'bic') bicMerge(feats, speechIdx, labels, o, features.hopSeconds);
    else clusterWindows(feats, speech, labels, o, features.hopSeconds);
    for (let pass = 0; pass < o.resegmentPasses; pass++) resegment(feats, speechIdx, labels, o);
  }
  return toTurns(labels, features.hopSeconds);
}

/** Gives every word the speaker of the turn it overlaps most (or the nearest turn). */
export function assignSpeakers(words: readonly RecognizedWord[], turns: readonly SpeakerTurn[]): RecognizedWord[] {
  if (turns.length === 0) return words.map((w) => ({ ...w, speaker: 0 }));
  return words.map((w) => {
    let best = turns[0]!;
    let bestScore = -Infinity;
    for (const t of turns) {
      const overlap = min(w.end, t.end) - max(w.start, t.start);
      const score = overlap > 0 ? overlap : -min(abs(w.start - t.end), abs(t.start - w.end));
      if (score > bestScore) { bestScore = score; best = t; }
    }
    return { ...w, speaker: best.speaker };
  });
}

/** Marks the frames whose centre falls inside one of `regions`. */
function regionMask(regions: readonly SpeechRegion[], frames: number, hopSeconds: number): Uint8Array {
  const mask = new Uint8Array(frames);
  for (const { start, end } of regions) {
    const from = max(0, Math.ceil((start - FRAME_CENTRE_SECONDS) / hopSeconds));
    const to = min(frames, Math.ceil((end - FRAME_CENTRE_SECONDS) / hopSeconds));
    if (to > from) mask.fill(1, from, to);
  }
  return mask;
}

/**
 * Normalises the speech frames' coefficients in place (mean and deviation over the speech frames) and returns one
 * view per speech frame (the other frames are never read, and get none: an hour of silence costs no objects).
 */
function cmvn(features: Features, speechIdx: number[]): Float64Array[] {
  const { mfcc, dim } = features;
  const mean = new Float64Array(dim);
  const sd = new Float64Array(dim);
  for (const f of speechIdx) for (let d = 0; d < dim; d++) mean[d] += mfcc[f * dim + d]! / speechIdx.length;
  for (const f of speechIdx) for (let d = 0; d < dim; d++) sd[d] += (mfcc[f * dim + d]! - mean[d]!) ** 2 / speechIdx.length;
  for (let d = 0; d < dim; d++) sd[d] = sqrt(sd[d]!) || 1;
  const rows = new Array<Float64Array>(features.frames);
  for (const f of speechIdx) {
    const row = mfcc.subarray(f * dim, (f + 1) * dim);
    for (let d = 0; d < dim; d++) row[d] = (row[d]! - mean[d]!) / sd[d]!;
    rows[f] = row;
  }
  return rows;
}

function clusterWindows(feats: Float64Array[], speech: Uint8Array, labels: Int32Array, o: Settings, hopSeconds: number): void {
  const frames = speech.length;
  const win = round(o.windowSeconds / hopSeconds);
  const hop = max(round(o.hopSeconds / hopSeconds), Math.ceil(frames / MAX_WINDOWS));
  const windows: Array<{ from: number; to: number; embedding: Float64Array }> = [];
  for (let from = 0; from < frames; from += hop) {
    const to = min(frames, from + win);
    const members: number[] = [];
    for (let f = from; f < to; f++) if (speech[f]) members.push(f);
    if (members.length >= min(50, win / 4)) windows.push({ from, to, embedding: meanStd(feats, members) });
    if (to === frames) break;
  }
  if (windows.length < 2) return;
  zScore(windows.map((w) => w.embedding));
  const tree = agnes(windows.map((w) => w.embedding), { method: 'average', distanceFunction: cosineDistance });
  let clusters = tree.cut(o.threshold);
  if (clusters.length > o.maxSpeakers) clusters = tree.group(o.maxSpeakers).children;
  windowsToFrames(windows, labelWindows(windows.length, clusters, windows.map((w) => w.embedding), o.minClusterShare), speech, labels);
}

function labelWindows(count: number, clusters: Array<{ indices(): number[] }>, embeddings: Float64Array[], minShare: number): Int32Array {
  const windowLabel = new Int32Array(count);
  clusters.forEach((c, k) => { for (const i of c.indices()) windowLabel[i] = k; });
  absorbSmallClusters(embeddings, windowLabel, clusters.length, minShare);
  return windowLabel;
}

interface Stats { n: number; sum: Float64Array; outer: Float64Array }

/**
 * Agglomerative clustering by BIC: the speech is cut into segments of `bicSegmentSeconds` of speech (and at pauses
 * longer than 0.5 s); the pair of clusters whose merge raises the BIC most (one full-covariance Gaussian per cluster
 * over c1..c`bicDims`, likelihoods divided by `bicStride` for the overlap of neighbouring frames) is merged, down to
 * one cluster; the labels are those of the partition with the count chooseSpeakerCount reads from the merge costs.
 */
function bicMerge(feats: Float64Array[], speechIdx: number[], labels: Int32Array, o: Settings, hopSeconds: number): void {
  const d = min(o.bicDims, feats[speechIdx[0]!]!.length);
  // At most MAX_BIC_SEGMENTS segments (pairs are compared all against all): longer ones for long recordings.
  const target = max(round(o.bicSegmentSeconds / hopSeconds), Math.ceil(speechIdx.length / MAX_BIC_SEGMENTS));
  const segments: number[][] = [];
  let current: number[] = [];
  speechIdx.forEach((f, i) => {
    if (current.length > 0 && (current.length >= target || f - speechIdx[i - 1]! > 0.5 / hopSeconds)) { segments.push(current); current = []; }
    current.push(f);
  });
  if (current.length > 0) segments.push(current);
  // A short tail joins the segment before it.
  for (let i = segments.length - 1; i > 0; i--) if (segments[i]!.length < target / 3) segments[i - 1]!.push(...segments.splice(i, 1)[0]!);
  const stats = (members: number[]): Stats => {
    const s: Stats = { n: members.length, sum: new Float64Array(d), outer: new Float64Array(d * d) };
    for (const f of members) {
      const x = feats[f]!;
      for (let i = 0; i < d; i++) { s.sum[i] += x[i]!; for (let j = 0; j <= i; j++) s.outer[i * d + j] += x[i]! * x[j]!; }
    }
    return s;
  };
  const merged = (a: Stats, b: Stats): Stats => ({ n: a.n + b.n, sum: a.sum.map((v, i) => v + b.sum[i]!), outer: a.outer.map((v, i) => v + b.outer[i]!) });
  const term = (s: Stats) => (s.n / 2) * logDetFromStats(s, d);
  const clusters: Array<{ stats: Stats; term: number; segments: number[] } | undefined> = segments.map((seg, i) => { const s = stats(seg); return { stats: s,
    term: term(s), segments: [i] }; });
  // One Gaussian per speaker fits a few minutes of speech, not an hour: the likelihood gain of a split grows with the
  // data while the penalty grows with its log, so a long recording would split into many speakers. The evidence is
  // therefore weighed as if there were at most MAX_BIC_FRAMES independent frames.
  const stride = max(o.bicStride, speechIdx.length / MAX_BIC_FRAMES);
  const penalty = o.bicPenalty * ((d + (d * (d + 1)) / 2) / 2) * Math.log(speechIdx.length / stride);
  const gain = (a: number, b: number) => {
    const s = merged(clusters[a]!.stats, clusters[b]!.stats);
    // BIC(merged) − BIC(apart) = −term(merged) + term(a) + term(b) + penalty (likelihoods scaled by 1/stride).
    return (-term(s) + clusters[a]!.term + clusters[b]!.term) / stride + penalty;
  };
  const k = clusters.length;
  const gains = new Float64Array(k * k).fill(-Infinity);
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) gains[a * k + b] = gain(a, b);
  // Merged greedily down to one cluster: the order does not depend on the penalty (the same for every pair), so the
  // count is chosen afterwards from the cost of each merge (its loss of likelihood), see chooseSpeakerCount.
  const considered = min(o.maxSpeakers, k);
  const costs = new Float64Array(k + 1);
  const partitions = new Map<number, number[][]>();
  for (let alive = k; alive > 1; alive--) {
    if (alive <= considered) partitions.set(alive, clusters.filter((c) => c !== undefined).map((c) => c!.segments));
    let best = -Infinity;
    let pair: [number, number] = [0, 0];
    for (let a = 0; a < k; a++) {
      if (!clusters[a]) continue;
      for (let b = a + 1; b < k; b++) if (gains[a * k + b]! > best) { best = gains[a * k + b]!; pair = [a, b]; }
    }
    costs[alive] = penalty - best;
    const [a, b] = pair;
    const s = merged(clusters[a]!.stats, clusters[b]!.stats);
    clusters[a] = { stats: s, term: term(s), segments: [...clusters[a]!.segments, ...clusters[b]!.segments] };
    clusters[b] = undefined;
    for (let i = 0; i < k; i++) { gains[min(i, b) * k + max(i, b)] = -Infinity; }
    for (let i = 0; i < k; i++) if (i !== a && clusters[i]) gains[min(i, a) * k + max(i, a)] = gain(min(i, a), max(i, a));
  }
  partitions.set(1, [segments.map((_, i) => i)]);
  const count = chooseSpeakerCount(costs, penalty, considered, o.bicCountRule);
  partitions.get(count)!.forEach((members, label) => { for (const i of members) for (const f of segments[i]!) labels[f] = label; });
}

/**
 * The number of speakers from the cost of each greedy merge (`costs[k]`: likelihood lost merging k clusters into
 * k − 1), at most `maxCount`. 'penalty': the plain BIC stop, the most clusters whose next merge costs at least the
 * parameter penalty. 'gap': when BIC finds more than one speaker, the k where merging further costs most relative to
 * the merge before (the largest costs[k] / costs[k + 1]), so the count does not hang on the penalty's scale, which
 * fits some recordings and not others (docs/speech.md). A merge costing under GAP_COST_FLOOR × penalty counts as that
 * much: merging near-identical segments (a clip heard twice) costs almost nothing, and a ratio against ~0 is noise.
 * 'larger': the larger of the two. Two people merged into one label cannot be told apart afterwards, while one
 * person split over two labels is mended by giving both the same name (the notes treat same-named labels as one).
 */
export function chooseSpeakerCount(costs: ArrayLike<number>, penalty: number, maxCount: number, rule: CountRule): number {
  let bic = 1;
  for (let k = maxCount; k >= 2; k--) if (costs[k]! >= penalty) { bic = k; break; }
  if (rule === 'penalty' || bic === 1) return bic;
  let best = 2;
  let bestRatio = -Infinity;
  for (let k = 2; k <= maxCount; k++) {
    if (costs[k + 1] === undefined) continue;
    const ratio = costs[k]! / max(costs[k + 1]!, GAP_COST_FLOOR * penalty);
    if (ratio > bestRatio) { bestRatio = ratio; best = k; }
  }
  return rule === 'larger' ? max(bic, best) : best;
}

function logDetFromStats(s: Stats, d: number): number {
  const c = new Float64Array(d * d);
  for (let i = 0; i < d; i++) for (let j = 0; j <= i; j++) c[i * d + j] = s.outer[i * d + j]! / s.n - (s.sum[i]! / s.n) * (s.sum[j]! / s.n);
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let v = c[j * d + j]! + 1e-6;
    for (let k = 0; k < j; k++) v -= c[j * d + k]! ** 2;
    const l = sqrt(max(v, 1e-12));
    c[j * d + j] = l;
    logDet += 2 * Math.log(l);
    for (let i = j + 1; i < d; i++) {
      let t = c[i * d + j]!;
      for (let k = 0; k < j; k++) t -= c[i * d + k]! * c[j * d + k]!;
      c[i * d + j] = t / l;
    }
  }
  return logDet;
}

/** Each speech frame takes the label most of the windows over it have. */
function windowsToFrames(windows: ReadonlyArray<{ from: number; to: number }>, windowLabel: Int32Array, speech: Uint8Array, labels: Int32Array): void {
  const frames = speech.length;
  const votes = Array.from({ length: frames }, () => new Map<number, number>());
  windows.forEach((w, i) => { for (let f = w.from; f < w.to; f++) votes[f]!.set(windowLabel[i]!, (votes[f]!.get(windowLabel[i]!) ?? 0) + 1); });
  let last = windowLabel[0]!;
  for (let f = 0; f < frames; f++) {
    if (!speech[f]) continue;
    let best = -1;
    let bestVotes = 0;
    for (const [label, n] of votes[f]!) if (n > bestVotes) { bestVotes = n; best = label; }
    labels[f] = best >= 0 ? best : last;
    last = labels[f]!;
  }
}

/** Moves the windows of clusters holding less than `share` of all windows to the nearest large cluster. */
function absorbSmallClusters(embeddings: Float64Array[], windowLabel: Int32Array, count: number, share: number): void {
  const sizes = new Array<number>(count).fill(0);
  for (const l of windowLabel) sizes[l]++;
  const large = sizes.map((n, k) => (n >= share * embeddings.length ? k : -1)).filter((k) => k >= 0);
  if (large.length === 0 || large.length === count) return;
  const isLarge = new Set(large);
  const members = large.map((k) => embeddings.filter((_, i) => windowLabel[i] === k));
  embeddings.forEach((e, i) => {
    if (isLarge.has(windowLabel[i]!)) return;
    let best = large[0]!;
    let bestDistance = Infinity;
    large.forEach((k, j) => {
      const group = members[j]!;
      const d = group.reduce((sum, m) => sum + cosineDistance(e, m), 0) / group.length;
      if (d < bestDistance) { bestDistance = d; best = k; }
    });
    windowLabel[i] = best;
  });
}

function resegment(feats: Float64Array[], speechIdx: number[], labels: Int32Array, o: { gmmComponents: number; smoothFrames: number }): void {
  const bySpeaker = new Map<number, Float64Array[]>();
  for (const f of speechIdx) {
    const list = bySpeaker.get(labels[f]!) ?? [];
    list.push(feats[f]!);
    bySpeaker.set(labels[f]!, list);
  }
  const models: Array<{ label: number; gmm: DiagonalGmm }> = [];
  for (const [label, data] of bySpeaker) if (data.length >= 100) models.push({ label, gmm: fitGmm(data, o.gmmComponents) });
  if (models.length < 2) return;
  const ll = models.map((m) => {
    const score = gmmScorer(m.gmm);
    return Float64Array.from(speechIdx, (f) => score(feats[f]!));
  });
  const half = Math.floor(o.smoothFrames / 2);
  const prefix = ll.map((row) => {
    const p = new Float64Array(row.length + 1);
    for (let i = 0; i < row.length; i++) p[i + 1] = p[i]! + row[i]!;
    return p;
  });
  const [runStart, runEnd] = speechRuns(speechIdx);
  speechIdx.forEach((f, i) => {
    // The average never reaches across a pause: turns change at pauses, and a window spanning one gave the first
    // and last few tenths of a second of a turn to the speaker before or after it.
    const from = max(runStart[i]!, i - half);
    const to = min(runEnd[i]!, i + half + 1);
    let best = 0;
    let bestScore = -Infinity;
    prefix.forEach((p, m) => {
      const score = p[to]! - p[from]!;
      if (score > bestScore) { bestScore = score; best = m; }
    });
    labels[f] = models[best]!.label;
  });
}

/** Frames further apart than this (10 ms hops) are separated by a pause. */
const PAUSE_FRAMES = 20;

/** For each speech frame (by position in `speechIdx`), the bounds [start, end) of the run of speech it belongs to. */
export function speechRuns(speechIdx: readonly number[]): [Int32Array, Int32Array] {
  const start = new Int32Array(speechIdx.length);
  const end = new Int32Array(speechIdx.length);
  let from = 0;
  for (let i = 1; i <= speechIdx.length; i++) {
    if (i < speechIdx.length && speechIdx[i]! - speechIdx[i - 1]! <= PAUSE_FRAMES) continue;
    start.fill(from, from, i);
    end.fill(i, from, i);
    from = i;
  }
  return [start, end];
}

function toTurns(labels: Int32Array, hopSeconds: number): SpeakerTurn[] {
  const order = new Map<number, number>();
  const turns: SpeakerTurn[] = [];
  for (let f = 0; f < labels.length; f++) {
    const label = labels[f]!;
    if (label < 0) continue;
    if (!order.has(label)) order.set(label, order.size);
    const speaker = order.get(label)!;
    const last = turns[turns.length - 1];
    const start = round3(f * hopSeconds);
    if (last && last.speaker === speaker && abs(last.end - start) < hopSeconds / 2) last.end = round3((f + 1) * hopSeconds);
    else turns.push({ start, end: round3((f + 1) * hopSeconds), speaker });
  }
  return turns;
}

function meanStd(feats: Float64Array[], members: number[]): Float64Array {
  const dim = feats[members[0]!]!.length;
  const out = new Float64Array(dim * 2);
  for (const f of members) for (let d = 0; d < dim; d++) out[d] += feats[f]![d]! / members.length;
  for (const f of members) for (let d = 0; d < dim; d++) out[dim + d] += (feats[f]![d]! - out[d]!) ** 2 / members.length;
  for (let d = 0; d < dim; d++) out[dim + d] = sqrt(out[dim + d]!);
  return out;
}

function zScore(vectors: Float64Array[]): void {
  const dim = vectors[0]!.length;
  for (let d = 0; d < dim; d++) {
    let mean = 0;
    for (const v of vectors) mean += v[d]! / vectors.length;
    let variance = 0;
    for (const v of vectors) variance += (v[d]! - mean) ** 2 / vectors.length;
    const sd = sqrt(variance) || 1;
    for (const v of vectors) v[d] = (v[d]! - mean) / sd;
  }
}

/** 1 − cosine similarity. */
export function cosineDistance(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) { dot += a[i]! * b[i]!; na += a[i]! * a[i]!; nb += b[i]! * b[i]!; }
  return na === 0 || nb === 0 ? 1 : 1 - dot / sqrt(na * nb);
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function round3(x: number): number {
  return round(x * 1000) / 1000;
}
