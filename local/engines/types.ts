/** One recognised word with times in seconds from the start of the audio. */
export interface RecognizedWord {
  start: number;
  end: number;
  text: string;
  /** 0..1 */
  confidence: number;
  /** 0-based speaker index; 0 when the engine does not separate speakers. */
  speaker: number;
}

export interface TranscriptionResult {
  words: RecognizedWord[];
  /** Number of distinct speakers found (at least 1 when there are words). */
  speakers: number;
  /** The diarization turns the speakers came from, when diarization ran (numbered as in `words`). */
  turns?: SpeakerTurn[];
  /** True when the words carry the engine's own punctuation and case (Whisper): no sentence marks are added at pauses. */
  punctuated?: boolean;
  /** Stretches that held speech the engine could not transcribe (inaudible.ts); the transcript marks them. */
  inaudible?: InaudibleStretch[];
}

/** Seconds from the start of the audio. */
export interface InaudibleStretch { start: number; end: number }

export interface TranscribeOptions {
  /** Upper bound on speakers to separate (1 = no diarization). */
  maxSpeakers: number;
  /** Aborts the work (child processes are killed); the promise then rejects. */
  signal?: AbortSignal;
  /** Told how far the engine is, when it can say (the Whisper engine: speech decoded; docs/pipeline.md "Time left"). */
  onProgress?: (progress: TranscriptionProgress) => void;
}

/** Work done of the work to do, in the engine's unit (Whisper: seconds of speech decoded of seconds to decode). */
export interface TranscriptionProgress { readonly done: number; readonly total: number }

/** A speech-to-text engine working on a 16 kHz mono 16-bit WAV file. */
export interface TranscriptionEngine {
  readonly name: string;
  transcribe(wavPath: string, options: TranscribeOptions): Promise<TranscriptionResult>;
  /** Ends what the engine keeps running between jobs (worker threads); it may be used again afterwards. */
  close?(): Promise<void>;
}

/** A stretch of audio attributed to one speaker, in seconds. */
export interface SpeakerTurn { start: number; end: number; speaker: number }

/** Raised when no engine can run on this machine; the message says how to get one. */
export class NoEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoEngineError';
  }
}
