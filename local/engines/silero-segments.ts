/**
 * sherpa-onnx's Silero segmentation (its VoiceActivityDetector over SileroVadModel::IsSpeech, v4 model, one 512-sample
 * window per call), ported to a pure function of the model's speech probability per window: given the same
 * probabilities it finds the same segments as sherpa-onnx's `Vad` (test/unit/engines/silero-segments.test.ts), so one
 * pass of the model serves every threshold (docs/speech.md, "One Silero pass").
 */
import type { SpeechRegion } from './vad.js';

export const SILERO_WINDOW = 512;
/** Silero's sample rate: the 16 kHz of the audio it is given. */
export const SILERO_RATE = 16_000;

export interface SegmentOptions {
  /** Speech above this probability. @default 0.5 */
  threshold?: number;
  /** Seconds. @default 0.3 */
  minSilenceSeconds?: number;
  /** Seconds. @default 0.25 */
  minSpeechSeconds?: number;
  /** Seconds; past it the detector cuts sooner (threshold 0.9, 0.1 s of silence), as sherpa-onnx does. @default 20 */
  maxSpeechSeconds?: number;
}

/** The C++ side's `(int32_t)(16000 * s)`, s a float. */
const samplesOf = (seconds: number) => Math.trunc(Math.fround(SILERO_RATE * Math.fround(seconds)));

/**
 * The detector fed one window's probability at a time, from the start of 16 kHz audio: `push` answers the regions
 * (seconds) that window completed, `flush` the one still open at the end (as sherpa-onnx's `flush()`).
 */
export class SileroSegmenter {
  private readonly threshold: number;
  private readonly minSilence: number;
  private readonly minSpeech: number;
  private readonly maxUtterance: number;
  // The detector's circular buffer (absolute head and tail, in samples) and its state.
  private head = 0;
  private tail = 0;
  private start = -1;
  private triggered = false;
  private current = 0;
  private tempStart = 0;
  private tempEnd = 0;

  constructor(options: SegmentOptions = {}) {
    this.threshold = Math.fround(options.threshold ?? 0.5);
    this.minSilence = samplesOf(options.minSilenceSeconds ?? 0.3);
    this.minSpeech = samplesOf(options.minSpeechSeconds ?? 0.25);
    this.maxUtterance = Math.trunc(SILERO_RATE * Math.fround(options.maxSpeechSeconds ?? 20));
  }

  push(probability: number): SpeechRegion[] {
    // Past the longest utterance the detector asks for more certainty and a shorter pause (VoiceActivityDetector).
    const long = this.tail - this.head > this.maxUtterance;
    const threshold = long ? LONG_THRESHOLD : this.threshold;
    const minSilence = long ? LONG_MIN_SILENCE : this.minSilence;
    this.tail += SILERO_WINDOW;
    const out: SpeechRegion[] = [];
    if (this.isSpeech(Math.fround(probability), threshold, minSilence)) {
      if (this.start === -1) this.start = Math.max(this.tail - 2 * SILERO_WINDOW - this.minSpeech, this.head);
      return out;
    }
    if (this.start !== -1 && this.tail > this.head) {
      const end = this.tail - minSilence;
      out.push(region(this.start, end));
      this.head = end;
    }
    if (this.start === -1) this.head += Math.max(0, this.tail - 2 * SILERO_WINDOW - this.minSpeech - this.head);
    this.start = -1;
    return out;
  }

  flush(): SpeechRegion[] {
    if (this.start === -1 || this.tail <= this.head || this.tail <= this.start) return [];
    const out = [region(this.start, this.tail)];
    this.head = this.tail;
    this.start = -1;
    return out;
  }

  /** SileroVadModel::IsSpeech after the model has run. */
  private isSpeech(prob: number, threshold: number, minSilence: number): boolean {
    this.current += SILERO_WINDOW;
    if (prob > threshold && this.tempEnd !== 0) this.tempEnd = 0;
    if (prob > threshold && this.tempStart === 0) { this.tempStart = this.current; return false; }
    if (prob > threshold && this.tempStart !== 0 && !this.triggered) {
      if (this.current - this.tempStart < this.minSpeech) return false;
      this.triggered = true;
      return true;
    }
    if (prob < threshold && !this.triggered) { this.tempStart = 0; this.tempEnd = 0; return false; }
    if (prob > threshold - 0.15 && this.triggered) return true;
    if (prob > threshold && !this.triggered) { this.triggered = true; return true; }
    if (prob < threshold && this.triggered) {
      if (this.tempEnd === 0) this.tempEnd = this.current;
      if (this.current - this.tempEnd < minSilence) return true;
      this.tempStart = 0;
      this.tempEnd = 0;
      this.triggered = false;
      return false;
    }
    return false;
  }
}

const LONG_THRESHOLD = Math.fround(0.9);
const LONG_MIN_SILENCE = samplesOf(0.1);

/** A segment of `from` … `to` samples (an empty one when `to` < `from`, as sherpa-onnx would cut it). */
const region = (from: number, to: number): SpeechRegion => ({ start: from / SILERO_RATE, end: (from + Math.max(0, to - from)) / SILERO_RATE });

/** The regions of a whole recording's window probabilities, as sherpa-onnx's Vad finds them over the same audio. */
export function segmentProbabilities(probabilities: ArrayLike<number>, options: SegmentOptions = {}): SpeechRegion[] {
  const segmenter = new SileroSegmenter(options);
  const regions: SpeechRegion[] = [];
  for (let i = 0; i < probabilities.length; i++) regions.push(...segmenter.push(probabilities[i]!));
  regions.push(...segmenter.flush());
  return regions;
}
