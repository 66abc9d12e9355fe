import FFT from 'fft.js';

// Math's members are bound once: a global lookup per call is slow inside VM contexts (jest).
const { log, log10, cos, PI } = Math;

export interface FeatureOptions { sampleRate: number; windowMs?: number; hopMs?: number; melBands?: number; coefficients?: number }

/**
 * Frame-level features: MFCC c1..c`dim` of frame f at `mfcc[f * dim …]` (one flat array: no object per frame, so
 * an hour costs 8 bytes a coefficient and nothing more), and log energy (dB) per frame, 10 ms apart by default.
 */
export interface Features { mfcc: Float64Array; dim: number; frames: number; logEnergy: Float64Array; hopSeconds: number }

/**
 * Computes MFCCs (pre-emphasis 0.97, Hamming window, mel filterbank from 0 to Nyquist, log, DCT-II)
 * keeping c1..c`coefficients` (c0 is left out: it tracks loudness, not the voice).
 */
export function computeMfcc(samples: Float32Array, options: FeatureOptions): Features {
  const extractor = mfccExtractor(options);
  const frames = extractor.frameCount(samples.length);
  const out = extractor.allocate(frames);
  extractor.compute(samples, 0, 0, frames, out);
  return out;
}

/** Samples a block of computeMfccInBlocks covers at most (60 s at 16 kHz). */
const BLOCK_SAMPLES = 960_000;

/**
 * computeMfcc over a recording of `length` samples read block by block through `read(start, end)` (e.g. a WAV
 * file's reader, wav-window.ts): the same features, holding one block of samples (60 s) at a time.
 */
export function computeMfccInBlocks(length: number, read: (start: number, end: number) => Float32Array, options: FeatureOptions,
  blockSamples = BLOCK_SAMPLES): Features {
  const extractor = mfccExtractor(options);
  const frames = extractor.frameCount(length);
  const out = extractor.allocate(frames);
  const perBlock = Math.max(1, Math.floor(blockSamples / extractor.hop));
  for (let from = 0; from < frames; from += perBlock) {
    const to = Math.min(frames, from + perBlock);
    // One sample before the block's first frame for the pre-emphasis.
    const first = Math.max(0, from * extractor.hop - 1);
    extractor.compute(read(first, (to - 1) * extractor.hop + extractor.win), first, from, to, out);
  }
  return out;
}

interface MfccExtractor {
  win: number;
  hop: number;
  frameCount(samples: number): number;
  allocate(frames: number): Features;
  /** Frames [from, to) into `out`; `samples[0]` is sample `origin` of the recording and covers what they need. */
  compute(samples: Float32Array, origin: number, from: number, to: number, out: Features): void;
}

function mfccExtractor(options: FeatureOptions): MfccExtractor {
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
  const input = new Array<number>(nfft).fill(0);
  const spectrum = fft.createComplexArray() as number[];
  const power = new Float64Array(nfft / 2 + 1);
  const logMel = new Float64Array(bands);
  return {
    win, hop,
    frameCount: (n) => (n >= win ? 1 + Math.floor((n - win) / hop) : 0),
    allocate: (frames) => ({ mfcc: new Float64Array(frames * keep), dim: keep, frames, logEnergy: new Float64Array(frames), hopSeconds: hop / sampleRate }),
    compute(samples, origin, from, to, out) {
      for (let f = from; f < to; f++) {
        const offset = f * hop - origin;
        let energy = 0;
        for (let i = 0; i < win; i++) {
          const s = samples[offset + i]! - 0.97 * (origin + offset + i > 0 ? samples[offset + i - 1]! : 0);
          input[i] = s * hamming[i]!;
          energy += samples[offset + i]! * samples[offset + i]!;
        }
        for (let i = win; i < nfft; i++) input[i] = 0;
        out.logEnergy[f] = 10 * log10(energy / win + 1e-10);
        fft.realTransform(spectrum, input);
        for (let k = 0; k <= nfft / 2; k++) power[k] = spectrum[2 * k]! * spectrum[2 * k]! + spectrum[2 * k + 1]! * spectrum[2 * k + 1]!;
        for (let m = 0; m < bands; m++) {
          let sum = 0;
          const filter = filters[m]!;
          for (let k = filter.from; k < filter.from + filter.weights.length; k++) sum += power[k]! * filter.weights[k - filter.from]!;
          logMel[m] = log(sum + 1e-10);
        }
        for (let k = 0; k < keep; k++) {
          let sum = 0;
          const basis = dct[k]!;
          for (let m = 0; m < bands; m++) sum += logMel[m]! * basis[m]!;
          out.mfcc[f * keep + k] = sum;
        }
      }
    },
  };
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
