/**
 * The ports of the media steps (ProbeMedia, ExtractAudio, BuildTranscript, ExtractFrames): the media bucket's objects
 * and the media tools (ffprobe, ffmpeg) reading the stored recording. Adapters: adapters/storage/media-bucket.ts and
 * adapters/media/media-tools.ts; tests use in-memory ones (test/unit/pipeline/in-memory-media.ts).
 */
import type { LevellingDecision } from './levelling.js';
import type { ProbeReport } from './media-probe.js';

/** Objects of the media bucket (key layout: artefact-keys.ts). Reads throw the store's not-found error for a missing key. */
export interface ArtefactStore {
  readonly bucket: string;
  /** The object's s3:// URI (what Transcribe reads). */
  uri(key: string): string;
  /** Something when the object exists, undefined when it does not. */
  head(key: string): Promise<unknown>;
  getText(key: string): Promise<string>;
  getJson<T>(key: string): Promise<T>;
  putText(key: string, text: string, contentType: string): Promise<void>;
  putBytes(key: string, body: Buffer, contentType: string): Promise<void>;
}

/** One changing frame of a video, its image and thumbnail read on demand (JPEG). */
export interface ExtractedFrameImage {
  readonly timestamp: number;
  readonly width: number;
  readonly height: number;
  image(): Promise<Buffer>;
  thumbnail(): Promise<Buffer>;
}

/**
 * ffprobe and ffmpeg over a stored recording (read through a link, never downloaded whole); each run takes at most
 * `timeoutMs` (MediaToolFailed past it). `probe` and `probeCopy` throw NotMediaFile when the file is no media at all.
 */
export interface MediaTools {
  /** ffprobe's report of the stored object. */
  probe(key: string): Promise<ProbeReport>;
  /** ffprobe's report of a stream copy of it (`-c copy`: a browser's webm gets the duration it lacked). */
  probeCopy(key: string, timeoutMs: number): Promise<ProbeReport>;
  /** The recording's sound as levelled 16 kHz mono WAV stored under `targetKey`; answers how it was levelled. */
  storeSpeechAudio(key: string, targetKey: string, timeoutMs: number): Promise<LevellingDecision>;
  /** The recording's changing frames, handed to `use` while they can be read (they are gone after it). */
  withFrames<T>(key: string, timeoutMs: number, use: (frames: readonly ExtractedFrameImage[]) => Promise<T>): Promise<T>;
}
