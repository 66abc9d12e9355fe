/** Options for the energy detector; the defaults are the ones tuned on the development set. */
export interface EnergyVadOptions { lowPercentile?: number; highPercentile?: number; ratio?: number; medianFrames?: number; fillGapFrames?: number }

/**
 * Marks speech frames from per-frame log energy: threshold at low + ratio × (high − low) percentiles,
 * a median filter against clicks, then short gaps between speech filled.
 */
export function energyVad(logEnergy: Float64Array, options: EnergyVadOptions = {}): Uint8Array {
  const n = logEnergy.length;
  const speech = new Uint8Array(n);
  if (n === 0) return speech;
  const sorted = Float64Array.from(logEnergy).sort();
  const pct = (p: number) => sorted[Math.min(n - 1, Math.floor((p / 100) * (n - 1)))]!;
  const low = pct(options.lowPercentile ?? 5);
  const high = pct(options.highPercentile ?? 97);
  const threshold = low + (options.ratio ?? 0.5) * (high - low);
  const raw = Uint8Array.from(logEnergy, (e) => (e > threshold ? 1 : 0));
  const half = Math.floor((options.medianFrames ?? 11) / 2);
  for (let i = 0; i < n; i++) {
    let ones = 0;
    let count = 0;
    for (let j = Math.max(0, i - half); j <= Math.min(n - 1, i + half); j++) { ones += raw[j]!; count++; }
    speech[i] = ones * 2 > count ? 1 : 0;
  }
  const fill = options.fillGapFrames ?? 30;
  let lastSpeech = -1;
  for (let i = 0; i < n; i++) {
    if (!speech[i]) continue;
    if (lastSpeech >= 0 && i - lastSpeech - 1 < fill) speech.fill(1, lastSpeech + 1, i);
    lastSpeech = i;
  }
  return speech;
}
