import { access } from 'node:fs/promises';
import { runNative, throwIfStopped, type StopFlag } from './native-stop.js';
import { loadSherpa } from './sherpa.js';
import { openWav, wavWindows } from './wav-window.js';

/** A detected speech piece: `start` in samples from the beginning, and its samples. */
export interface SpeechPiece { start: number; samples: Float32Array }

/** A stretch of speech in seconds from the beginning. */
export interface SpeechRegion { start: number; end: number }

export interface SileroOptions {
  maxSpeechSeconds?: number;
  threshold?: number;
  /** detectSpeechRegionsInWav: samples read at a time (default 60 s); any size gives the same regions. */
  blockSamples?: number;
  /** In a worker thread: checked between native calls; a requested stop throws StoppedError. */
  stop?: StopFlag;
}

const WINDOW = 512;
const RATE = 16_000;
/** Windows between two looks at the stop flag: about 2 s of audio, a few milliseconds of work. */
const WINDOWS_PER_STOP_CHECK = 64;
/** Samples read from a file at a time by detectSpeechRegionsInWav: 60 s (a whole number of VAD windows). */
const FILE_BLOCK = WINDOW * 1875;

/**
 * Cuts 16 kHz audio into speech pieces of at most `maxSpeechSeconds` with the silero VAD model at
 * `modelFile` (sherpa-onnx `Vad`). Throws if the model file is missing or the binding cannot load.
 */
export async function detectSpeech(samples: Float32Array, modelFile: string, options: SileroOptions = {}): Promise<SpeechPiece[]> {
  const pieces: SpeechPiece[] = [];
  await runSilero(samples, modelFile, options, (segment) => pieces.push({ start: segment.start, samples: Float32Array.from(segment.samples) }));
  return pieces;
}

/**
 * Like detectSpeech, but keeps only where the speech is (seconds), not its samples: what the on-box
 * diarizer needs, without holding a second copy of every spoken sample of a long recording.
 * Throws if the model file is missing or the binding cannot load.
 */
export async function detectSpeechRegions(samples: Float32Array, modelFile: string, options: SileroOptions = {}): Promise<SpeechRegion[]> {
  const regions: SpeechRegion[] = [];
  await runSilero(samples, modelFile, options, (segment) => regions.push({ start: segment.start / RATE, end: (segment.start +
    segment.samples.length) / RATE }));
  return regions;
}

/**
 * detectSpeechRegions over a 16 kHz 16-bit WAV file read 60 s at a time (wav-window.ts): the same regions as over
 * the whole recording in memory, holding one block of samples instead of all of them. Throws as detectSpeechRegions
 * does, and when the file is not 16 kHz.
 */
export async function detectSpeechRegionsInWav(wavPath: string, modelFile: string, options: SileroOptions = {}): Promise<SpeechRegion[]> {
  await access(modelFile).catch(() => { throw new Error(`Silero VAD model not found at ${modelFile}`); });
  const reader = openWav(wavPath);
  try {
    if (reader.sampleRate !== RATE) throw new Error(`the silero VAD needs ${RATE} Hz audio, got ${reader.sampleRate} Hz`);
    const regions: SpeechRegion[] = [];
    await runSilero((function* () { for (const block of wavWindows(reader, options.blockSamples ?? FILE_BLOCK)) yield block.samples; })(), modelFile, options,
      (segment) => regions.push({ start: segment.start / RATE, end: (segment.start + segment.samples.length) / RATE }));
    return regions;
  } finally {
    reader.close();
  }
}

/**
 * Feeds `source` (the whole recording, or its consecutive blocks) to sherpa-onnx's silero Vad in windows of
 * WINDOW samples; a block's last partial window is carried into the next, and the recording's own last partial
 * window is left out, so blocks of any size give the same segments as the whole.
 */
async function runSilero(source: Float32Array | Iterable<Float32Array>, modelFile: string, options: SileroOptions, onSegment: (segment: { start: number;
  samples: Float32Array }) => void): Promise<void> {
  await access(modelFile).catch(() => { throw new Error(`Silero VAD model not found at ${modelFile}`); });
  const blocks: Iterable<Float32Array> = source instanceof Float32Array ? [source] : source;
  await runNative(options.stop, () => {
    const { Vad } = loadSherpa();
    const vad = new Vad({
      sileroVad: { model: modelFile, threshold: options.threshold ?? 0.5, minSilenceDuration: 0.3, minSpeechDuration: 0.25, windowSize: WINDOW,
        maxSpeechDuration: options.maxSpeechSeconds ?? 20 },
      sampleRate: RATE, numThreads: 1, provider: 'cpu', debug: 0,
    }, 60);
    const drain = () => {
      while (!vad.isEmpty()) {
        onSegment(vad.front(false));
        vad.pop();
      }
    };
    let window = 0;
    let carry = new Float32Array(0);
    for (const block of blocks) {
      const samples = carry.length === 0 ? block : concat(carry, block);
      let i = 0;
      for (; i + WINDOW <= samples.length; i += WINDOW, window++) {
        if (window % WINDOWS_PER_STOP_CHECK === 0) throwIfStopped(options.stop);
        vad.acceptWaveform(samples.subarray(i, i + WINDOW));
        drain();
      }
      carry = samples.slice(i);
    }
    vad.flush();
    drain();
  });
}

function concat(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
