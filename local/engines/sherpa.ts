import { createRequire } from 'node:module';

/** The parts of `sherpa-onnx-node` used here (the package ships no TypeScript types). */
export interface SherpaOnnx {
  Vad: new (config: Record<string, unknown>, bufferSizeInSeconds: number) => SherpaVad;
  OfflineRecognizer: new (config: Record<string, unknown>) => SherpaRecognizer;
  OfflineSpeakerDiarization: new (config: Record<string, unknown>) => { process(samples: Float32Array): Array<{ start: number; end: number;
    speaker: number }> };
}
export interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  front(enableExternalBuffer?: boolean): { start: number; samples: Float32Array };
  pop(): void;
  flush(): void;
}
export interface SherpaStream { acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void }
export interface SherpaRecognizer {
  createStream(): SherpaStream;
  decode(stream: SherpaStream): void;
  getResult(stream: SherpaStream): { text: string; tokens?: string[]; timestamps?: number[] };
}

let loaded: SherpaOnnx | undefined;

/** Loads the native binding once. Throws if the prebuilt addon does not load on this platform. */
export function loadSherpa(): SherpaOnnx {
  loaded ??= createRequire(import.meta.url)('sherpa-onnx-node') as SherpaOnnx;
  return loaded;
}
