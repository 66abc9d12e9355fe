import FFT from 'fft.js';

// Math's members are bound once: a global lookup per call is slow inside VM contexts (jest).
const { log, log10, cos, PI } = Math;

export interface FeatureOptions { sampleRate: number; windowMs?: number; hopMs?: number; melBands?: number; coefficients?: number }

/** Frame-level features: MFCC c1..cN per frame and log energy (dB) per frame, 10 ms apart by default. */
export interface Features { mfcc: Float64Array[]; logEnergy: Float64Array; hopSeconds: number }

/**
 * Computes MFCCs (pre-emphasis 0.97, Hamming window, mel filterbank from 0 to Nyquist, log, DCT-II)
 * keeping c1..c`coefficients` (c0 is left out: it tracks loudness, not the voice).
 */
export function computeMfcc(samples: Float32Array, options: FeatureOptions): Features {
  const { sampleRate } = options;
  const win = Math.round((sampleRate * (options.windowMs ?? 25)) / 1000);
  const hop = Math.round((sampleRate * (options.hopMs ?? 10)) / 1000);
  const bands = options.melBands ?? 40;
  const keep = options.coefficients ?? 19;
  let nfft = 1;
  while (nfft < win) nfft *= 2;
  const fft = new FFT(nfft);
  const hamming = Float64Array.from({ length: win }, (_, i) => 0.54 - 0.46 * cos((2 * PI * i) / (win - 1)));
  const filters = melFilterbank(bands, nfft, sampleRate);
  const dct = Array.from({ length: keep }, (_, k) => Float64Array.from({ length: bands }, (_, m) => cos((PI * (k + 1) * (m + 0.5)) / bands)));
  const frames = samples.length >= win ? 1 + Math.floor((samples.length - win) / hop) : 0;
  const mfcc: Float64Array[] = [];
  const logEnergy = new Float64Array(frames);
  const input = new Array<number>(nfft).fill(0);
  const out = fft.createComplexArray() as number[];
  const power = new Float64Array(nfft / 2 + 1);
  const logMel = new Float64Array(bands);
  for (let f = 0; f < frames; f++) {
    const offset = f * hop;
    let energy = 0;
    for (let i = 0; i < win; i++) {
      const s = samples[offset + i]! - 0.97 * (offset + i > 0 ? samples[offset + i - 1]! : 0);
      input[i] = s * hamming[i]!;
      energy += samples[offset + i]! * samples[offset + i]!;
    }
    for (let i = win; i < nfft; i++) input[i] = 0;
    logEnergy[f] = 10 * log10(energy / win + 1e-10);
    fft.realTransform(out, input);
    for (let k = 0; k <= nfft / 2; k++) power[k] = out[2 * k]! * out[2 * k]! + out[2 * k + 1]! * out[2 * k + 1]!;
    for (let m = 0; m < bands; m++) {
      let sum = 0;
      const filter = filters[m]!;
      for (let k = filter.from; k < filter.from + filter.weights.length; k++) sum += power[k]! * filter.weights[k - filter.from]!;
      logMel[m] = log(sum + 1e-10);
    }
    const c = new Float64Array(keep);
    for (let k = 0; k < keep; k++) {
      let sum = 0;
      const basis = dct[k]!;
      for (let m = 0; m < bands; m++) sum += logMel[m]! * basis[m]!;
      c[k] = sum;
    }
    mfcc.push(c);
  }
  return { mfcc, logEnergy, hopSeconds: hop / sampleRate };
}

function melFilterbank(bands: number, nfft: number, sampleRate: number): Array<{ from: number; weights: Float64Array }> {
  const mel = (hz: number) => 2595 * log10(1 + hz / 700);
  const hz = (m: number) => 700 * (10 ** (m / 2595) - 1);
  const top = mel(sampleRate / 2);
  const edges = Array.from({ length: bands + 2 }, (_, i) => (hz((top * i) / (bands + 1)) * nfft) / sampleRate);
  return Array.from({ length: bands }, (_, m) => {
    const [left, centre, right] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const from = Math.max(0, Math.ceil(left));
    const to = Math.min(nfft / 2, Math.floor(right));
    const weights = new Float64Array(Math.max(0, to - from + 1));
    for (let k = from; k <= to; k++) {
      weights[k - from] = k <= centre ? (k - left) / Math.max(1e-9, centre - left) : (right - k) / Math.max(1e-9, right - centre);
    }
    return { from, weights };
  });
}
