import { createRequire } from 'node:module';
import { readWav, run } from './audio.js';
import { assignSpeakers } from './diarize.js';
import { modelPath, NEURAL_MODELS } from './models.js';
import { loadSherpa } from './sherpa.js';
import type { RecognizedWord, SpeakerTurn, TranscriptionEngine } from './types.js';
import { detectSpeech } from './vad.js';

/** Paths of the neural model files inside a models folder. */
export function neuralModelFiles(dir: string) {
  const { vad, asr, segmentation, embedding } = NEURAL_MODELS;
  return {
    vad: modelPath(dir, vad, vad.files[0]),
    encoder: modelPath(dir, asr, asr.files[0]),
    decoder: modelPath(dir, asr, asr.files[1]),
    tokens: modelPath(dir, asr, asr.files[2]),
    segmentation: modelPath(dir, segmentation, segmentation.files[0]),
    embedding: modelPath(dir, embedding, embedding.files[0]),
  };
}

/**
 * Splits a recognised piece's text into words with times: from the model's token timestamps when it
 * gives them (a token starting with a space opens a word), else spread over the piece by length.
 */
export function wordsFromPiece(result: { text: string; tokens?: string[]; timestamps?: number[] }, offset: number, duration: number): RecognizedWord[] {
  const tokens = result.tokens ?? [];
  const stamps = result.timestamps ?? [];
  if (tokens.length > 0 && stamps.length === tokens.length) {
    const words: RecognizedWord[] = [];
    tokens.forEach((token, i) => {
      const start = offset + stamps[i]!;
      const last = words[words.length - 1];
      if (!last || /^\s/.test(token)) words.push({ text: token.trim(), start, end: start, confidence: 1, speaker: 0 });
      else last.text += token;
      const current = words[words.length - 1]!;
      current.end = i + 1 < stamps.length ? offset + stamps[i + 1]! : offset + duration;
    });
    return words.filter((w) => w.text !== '');
  }
  const texts = result.text.trim().split(/\s+/).filter(Boolean);
  const letters = texts.reduce((n, t) => n + t.length, 0) || 1;
  let at = offset;
  return texts.map((text) => {
    const length = (duration * text.length) / letters;
    const word = { text, start: at, end: at + length, confidence: 1, speaker: 0 };
    at += length;
    return word;
  });
}

/**
 * The neural engine: silero VAD cuts ≤ 20 s pieces, Whisper (sherpa-onnx OfflineRecognizer) transcribes
 * each, pyannote segmentation + speaker embeddings (OfflineSpeakerDiarization) give the speakers.
 * Construction loads the models and throws if any file is missing or rejected.
 */
export function createNeuralEngine(dir: string, options: { threads: number }): TranscriptionEngine {
  const files = neuralModelFiles(dir);
  const sherpa = loadSherpa();
  const recognizer = new sherpa.OfflineRecognizer(recognizerConfig(files, options.threads));
  return {
    name: 'neural (sherpa-onnx whisper-base.en + pyannote)',
    async transcribe(wavPath, { maxSpeakers }) {
      const audio = await readWav(wavPath);
      const pieces = await detectSpeech(audio.samples, files.vad, { maxSpeechSeconds: 20 });
      const words: RecognizedWord[] = [];
      for (const piece of pieces) {
        const stream = recognizer.createStream();
        stream.acceptWaveform({ samples: piece.samples, sampleRate: audio.sampleRate });
        recognizer.decode(stream);
        words.push(...wordsFromPiece(recognizer.getResult(stream), piece.start / audio.sampleRate, piece.samples.length / audio.sampleRate));
      }
      if (maxSpeakers <= 1 || words.length === 0) return { words, speakers: words.length ? 1 : 0 };
      const diarizer = new sherpa.OfflineSpeakerDiarization(diarizationConfig(files, options.threads));
      const turns = diarizer.process(audio.samples).map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
      const labelled = assignSpeakers(words, turns);
      const speakers = renumber(labelled, turns);
      return { words: labelled, speakers, turns };
    },
  };
}

/**
 * Renumbers the words' speakers 0..n-1 by first appearance, in place, and the turns the same way
 * (turns of speakers who said no recognised word are numbered after them); returns n.
 */
export function renumber(words: RecognizedWord[], turns: SpeakerTurn[] = []): number {
  const order = new Map<number, number>();
  for (const w of words) {
    if (!order.has(w.speaker)) order.set(w.speaker, order.size);
    w.speaker = order.get(w.speaker)!;
  }
  const speakers = order.size;
  for (const t of turns) {
    if (!order.has(t.speaker)) order.set(t.speaker, order.size);
    t.speaker = order.get(t.speaker)!;
  }
  return speakers;
}

type ModelFiles = ReturnType<typeof neuralModelFiles>;

function recognizerConfig(files: ModelFiles, threads: number) {
  return {
    featConfig: { sampleRate: 16_000, featureDim: 80 },
    modelConfig: { whisper: { encoder: files.encoder, decoder: files.decoder, language: 'en', task: 'transcribe', tailPaddings: -1 }, tokens: files.tokens,
      numThreads: threads, provider: 'cpu', debug: 0 },
  };
}

function diarizationConfig(files: ModelFiles, threads: number) {
  return {
    segmentation: { pyannote: { model: files.segmentation }, numThreads: threads },
    embedding: { model: files.embedding, numThreads: threads },
    clustering: { numClusters: -1, threshold: 0.5 },
    minDurationOn: 0.3, minDurationOff: 0.5,
  };
}

/**
 * Loads the neural models in a child process first: onnxruntime aborts the whole process (no
 * catchable error) on a corrupt model file, which must not take the service down.
 * Resolves to undefined when they load, else to the reason.
 */
export async function probeNeuralModels(dir: string): Promise<string | undefined> {
  const files = neuralModelFiles(dir);
  const binding = createRequire(import.meta.url).resolve('sherpa-onnx-node');
  const script = `const s = require(process.argv[1]); const c = JSON.parse(process.argv[2]);
new s.Vad(c.vad, 10); new s.OfflineRecognizer(c.recognizer); new s.OfflineSpeakerDiarization(c.diarization);`;
  const configs = {
    vad: { sileroVad: { model: files.vad, windowSize: 512 }, sampleRate: 16_000, numThreads: 1, debug: 0 },
    recognizer: recognizerConfig(files, 1),
    diarization: diarizationConfig(files, 1),
  };
  const { code, stderr } = await run(process.execPath, ['-e', script, binding, JSON.stringify(configs)]);
  return code === 0 ? undefined : stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${code}`;
}
