import { assignSpeakers, chooseSpeakerCount, cosineDistance, diarize, speechRuns } from '../../../local/engines/diarize.js';
import { diarizationErrorRate, diarizationErrors, labelTurns } from '../../../local/engines/der.js';
import { fitGmm, gmmLogLikelihood } from '../../../local/engines/gmm.js';

const RATE = 16_000;

/** A deterministic pseudo-random source, so the synthetic "voices" are the same on every run. */
function noise(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

/** Adds a sinusoid by the two-term recurrence (Math.sin per sample is very slow inside jest's VM). */
function addSine(out: Float32Array, frequency: number, gain: number, phase: number): void {
  const w = (2 * Math.PI * frequency) / RATE;
  const k = 2 * Math.cos(w);
  let s1 = Math.sin(phase - w);
  let s2 = Math.sin(phase - 2 * w);
  for (let i = 0; i < out.length; i++) {
    const s = k * s1 - s2;
    s2 = s1;
    s1 = s;
    out[i] += gain * s;
  }
}

/** A voiced "speaker": harmonics of f0 shaped by two formants, with a 4 Hz syllable rhythm and a little noise. */
function voice(seconds: number, f0: number, formants: [number, number], seed: number): Float32Array {
  const rand = noise(seed);
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let h = 1; f0 * h < 4000; h++) {
    const f = f0 * h;
    addSine(out, f, formants.reduce((g, formant) => g + Math.exp(-(((f - formant) / 250) ** 2)), 0.05) / h ** 0.5, rand() * Math.PI * 2);
  }
  const rhythm = new Float32Array(out.length);
  addSine(rhythm, 4, 0.4, 0);
  for (let i = 0; i < out.length; i++) out[i] = 0.1 * out[i]! * (0.6 + rhythm[i]!) + 0.01 * rand();
  return out;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

const silence = (seconds: number, seed: number) => Float32Array.from({ length: Math.round(seconds * RATE) }, noise(seed)).map((x) => x * 0.002);

describe('diarize', () => {
  it('separates two synthetic voices taking turns and finds their boundaries', () => {
    const a = (s: number, seed: number) => voice(s, 110, [500, 1500], seed);
    const b = (s: number, seed: number) => voice(s, 210, [800, 2600], seed);
    const samples = concat([silence(0.5, 1), a(6, 2), silence(0.6, 3), b(6, 4), silence(0.6, 5), a(6, 6), silence(0.6, 7), b(5, 8)]);
    const reference = [
      { start: 0.5, end: 6.5, speaker: 'A' }, { start: 7.1, end: 13.1, speaker: 'B' },
      { start: 13.7, end: 19.7, speaker: 'A' }, { start: 20.3, end: 25.3, speaker: 'B' },
    ];

    const turns = diarize({ samples, sampleRate: RATE }, { maxSpeakers: 4 });

    expect(new Set(turns.map((t) => t.speaker)).size).toBe(2);
    expect(diarizationErrorRate(diarizationErrors(reference, labelTurns(turns), 0.25))).toBeLessThan(0.1);
  });

  it('gives one speaker when only one was asked for', () => {
    const samples = concat([voice(4, 110, [500, 1500], 1), silence(0.6, 2), voice(4, 210, [800, 2600], 3)]);
    const turns = diarize({ samples, sampleRate: RATE }, { maxSpeakers: 1 });
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set([0]));
    expect(turns.length).toBeGreaterThan(0);
  });

  it('diarizes only inside the speech regions it is given, instead of where the energy VAD finds speech', () => {
    const samples = concat([silence(0.5, 1), voice(6, 110, [500, 1500], 2), silence(0.6, 3), voice(6, 210, [800, 2600], 4)]);
    const speech = [{ start: 1, end: 3 }, { start: 4, end: 6 }];

    const turns = diarize({ samples, sampleRate: RATE }, { maxSpeakers: 4, speech });
    const energyTurns = diarize({ samples, sampleRate: RATE }, { maxSpeakers: 4 });

    expect(turns.length).toBeGreaterThan(0);
    for (const t of turns) expect(speech.some((r) => t.start >= r.start - 0.01 && t.end <= r.end + 0.01)).toBe(true);
    expect(turns.reduce((n, t) => n + t.end - t.start, 0)).toBeCloseTo(4, 1);
    expect(energyTurns.some((t) => t.end > 8)).toBe(true);
  });

  it('counts the speakers from the data by BIC when speech regions are given: 3 voices → 3, 1 voice → 1, with room for 10', () => {
    const voices = [
      (s: number, seed: number) => voice(s, 110, [500, 1500], seed),
      (s: number, seed: number) => voice(s, 210, [800, 2600], seed),
      (s: number, seed: number) => voice(s, 160, [350, 2200], seed),
    ];
    const order = [0, 1, 2, 0, 1, 2, 0];
    const parts: Float32Array[] = [silence(0.5, 1)];
    const speech: Array<{ start: number; end: number }> = [];
    const reference: Array<{ start: number; end: number; speaker: string }> = [];
    let t = 0.5;
    order.forEach((v, i) => {
      parts.push(voices[v]!(5, 10 + i), silence(0.6, 20 + i));
      speech.push({ start: t, end: t + 5 });
      reference.push({ start: t, end: t + 5, speaker: String(v) });
      t += 5.6;
    });
    const samples = concat(parts);

    const turns = diarize({ samples, sampleRate: RATE }, { maxSpeakers: 10, speech });
    expect(new Set(turns.map((x) => x.speaker)).size).toBe(3);
    expect(diarizationErrorRate(diarizationErrors(reference, labelTurns(turns), 0.25))).toBeLessThan(0.1);

    const one = diarize({ samples: concat([voices[0]!(12, 3), silence(0.6, 4), voices[0]!(12, 5)]), sampleRate: RATE }, { maxSpeakers: 10, speech: [{ start: 0, end: 12 }, { start: 12.6, end: 24.6 }] });
    expect(new Set(one.map((x) => x.speaker)).size).toBe(1);
  });

  it('changes speaker only at pauses: each given speech region is one speaker, up to its edges', () => {
    // Close voices (same formants, pitch apart): the smoothing of the resegmentation must not reach across a pause.
    const a = (s: number, seed: number) => voice(s, 120, [500, 1500], seed);
    const b = (s: number, seed: number) => voice(s, 150, [520, 1550], seed);
    const parts: Float32Array[] = [silence(0.5, 1)];
    const speech: Array<{ start: number; end: number }> = [];
    let t = 0.5;
    [a, b, a, b, a, b].forEach((v, i) => {
      const seconds = 3 + (i % 3);
      parts.push(v(seconds, 10 + i), silence(0.5, 20 + i));
      speech.push({ start: t, end: t + seconds });
      t += seconds + 0.5;
    });

    const turns = diarize({ samples: concat(parts), sampleRate: RATE }, { maxSpeakers: 2, speech });

    for (const region of speech) {
      const inside = turns.filter((x) => x.start < region.end && x.end > region.start);
      expect(new Set(inside.map((x) => x.speaker)).size).toBe(1);
    }
  });

  it('finds the runs of speech frames between pauses', () => {
    const [start, end] = speechRuns([0, 1, 2, 50, 51, 52, 53, 200]);
    expect([...start]).toEqual([0, 0, 0, 3, 3, 3, 3, 7]);
    expect([...end]).toEqual([3, 3, 3, 7, 7, 7, 7, 8]);
  });

  it('finds no turns when the given speech regions are empty, even over loud voices', () => {
    const samples = voice(4, 110, [500, 1500], 1);
    expect(diarize({ samples, sampleRate: RATE }, { maxSpeakers: 2, speech: [] })).toEqual([]);
  });

  it('finds no turns in silence', () => {
    expect(diarize({ samples: new Float32Array(RATE * 3), sampleRate: RATE }, { maxSpeakers: 2 })).toEqual([]);
  });
});

describe('chooseSpeakerCount', () => {
  // costs[k]: likelihood lost by the best merge of k clusters into k − 1 (index 0 and 1 unused).
  const costs = [0, 0, 9, 6, 1.1, 0.9, 0.8, 0.5];

  it('stops where plain BIC stops with the penalty rule: the most clusters whose next merge costs at least the penalty', () => {
    expect(chooseSpeakerCount(costs, 1, 7, 'penalty')).toBe(4);
    expect(chooseSpeakerCount(costs, 7, 7, 'penalty')).toBe(2);
  });

  it('takes the count before the steepest rise of the merge cost with the gap rule, whatever the penalty', () => {
    expect(chooseSpeakerCount(costs, 1, 7, 'gap')).toBe(3);
    expect(chooseSpeakerCount(costs, 0.6, 7, 'gap')).toBe(3);
  });

  it('gives one speaker when even the last merge costs less than the penalty, with either rule', () => {
    expect(chooseSpeakerCount(costs, 10, 7, 'gap')).toBe(1);
    expect(chooseSpeakerCount(costs, 10, 7, 'penalty')).toBe(1);
  });

  it('never exceeds the speakers allowed, and compares only counts that have a merge before them', () => {
    const rising = [0, 0, 2, 1, 0.01];
    expect(chooseSpeakerCount(rising, 0.5, 2, 'gap')).toBe(2);
    expect(chooseSpeakerCount(rising, 0.5, 4, 'gap')).toBe(3);
  });

  it('takes the larger of the two counts with the larger rule (a split speaker can be renamed, merged people cannot)', () => {
    expect(chooseSpeakerCount(costs, 1, 7, 'larger')).toBe(4);
    expect(chooseSpeakerCount(costs, 7, 7, 'larger')).toBe(3);
    expect(chooseSpeakerCount(costs, 10, 7, 'larger')).toBe(1);
  });

  it('does not take a rise over a nearly free merge (near-identical segments) for a gap', () => {
    const duplicates = [0, 0, 8, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.001, 0.0001];
    expect(chooseSpeakerCount(duplicates, 1, 10, 'gap')).toBe(2);
  });
});

describe('assignSpeakers', () => {
  it('gives each word the turn it overlaps most, or the nearest turn', () => {
    const turns = [{ start: 0, end: 2, speaker: 0 }, { start: 2, end: 4, speaker: 1 }];
    const words = [
      { text: 'a', start: 1.5, end: 2.1, confidence: 1, speaker: 0 },
      { text: 'b', start: 1.9, end: 2.6, confidence: 1, speaker: 0 },
      { text: 'c', start: 4.5, end: 4.8, confidence: 1, speaker: 0 },
    ];
    expect(assignSpeakers(words, turns).map((w) => w.speaker)).toEqual([0, 1, 1]);
  });
});

describe('GMM and cosine distance', () => {
  it('fits two well separated clusters so each scores its own data higher', () => {
    const rand = noise(42);
    const left = Array.from({ length: 400 }, () => Float64Array.from([rand() - 3, rand() - 3]));
    const right = Array.from({ length: 400 }, () => Float64Array.from([rand() + 3, rand() + 3]));
    const gmmLeft = fitGmm(left, 2);
    const gmmRight = fitGmm(right, 2);
    expect(gmmLogLikelihood(gmmLeft, left[0]!)).toBeGreaterThan(gmmLogLikelihood(gmmRight, left[0]!));
    expect(gmmLogLikelihood(gmmRight, right[0]!)).toBeGreaterThan(gmmLogLikelihood(gmmLeft, right[0]!));
  });

  it('measures 0 for parallel vectors and 2 for opposite ones', () => {
    expect(cosineDistance(Float64Array.from([1, 2]), Float64Array.from([2, 4]))).toBeCloseTo(0);
    expect(cosineDistance(Float64Array.from([1, 0]), Float64Array.from([-1, 0]))).toBeCloseTo(2);
  });
});
