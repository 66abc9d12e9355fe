/** A span of audio in samples: [start, end). */
export interface Span { start: number; end: number }

/**
 * Cuts audio into pieces of at most `maxSeconds`, each cut placed at the quietest 0.2 s stretch in the
 * last third of the piece, so that words are not split. Short audio comes back as one piece.
 */
export function splitAtPauses(samples: Float32Array, sampleRate: number, maxSeconds = 30): Span[] {
  const frame = Math.round(sampleRate * 0.01);
  const frames = Math.floor(samples.length / frame);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += samples[i]! * samples[i]!;
    energy[f] = sum / frame;
  }
  const maxFrames = Math.round(maxSeconds * 100);
  const window = 20;
  const spans: Span[] = [];
  let start = 0;
  while (frames - start > maxFrames) {
    const from = start + Math.round(maxFrames * 2 / 3);
    const to = start + maxFrames - window;
    let best = to;
    let bestEnergy = Infinity;
    let running = 0;
    for (let f = from; f < from + window; f++) running += energy[f]!;
    for (let f = from; f <= to; f++) {
      if (running < bestEnergy) { bestEnergy = running; best = f; }
      running += (energy[f + window] ?? 0) - energy[f]!;
    }
    const cut = best + window / 2;
    spans.push({ start: start * frame, end: cut * frame });
    start = cut;
  }
  spans.push({ start: start * frame, end: samples.length });
  return spans;
}
