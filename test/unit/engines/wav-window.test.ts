import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseWav, readWav, writeWav } from '../../../local/engines/audio.js';
import { diarizeInWorker } from '../../../local/engines/diarize-in-worker.js';
import { computeMfcc, computeMfccInBlocks } from '../../../local/engines/mfcc.js';
import { detectSpeechRegions, detectSpeechRegionsInWav } from '../../../local/engines/vad.js';
import { openWav, wavWindows } from '../../../local/engines/wav-window.js';
import { FIXTURES_DIR as FIXTURES, SHARED_MODELS_DIR } from '../../helpers/shared-data.js';

const CLIP = path.join(FIXTURES, 'diarization', 'ami_debug_dev00.wav');
const SILERO = path.join(SHARED_MODELS_DIR, 'silero-vad', 'silero_vad.onnx');

describe('wav-window', () => {
  let temp: string;
  beforeAll(async () => { temp = await mkdtemp(path.join(os.tmpdir(), 'wav-window-')); });
  afterAll(async () => { await rm(temp, { recursive: true, force: true }); });

  it('reads any stretch exactly as parseWav converts the whole file, clipped to the file', async () => {
    const whole = await readWav(CLIP);
    const reader = openWav(CLIP);
    try {
      expect(reader.frames).toBe(whole.samples.length);
      expect(reader.sampleRate).toBe(16_000);
      expect(reader.read(12_345, 67_890)).toEqual(whole.samples.subarray(12_345, 67_890));
      expect(reader.read(reader.frames - 10, reader.frames + 500)).toEqual(whole.samples.subarray(reader.frames - 10));
      expect(reader.read(-5, 3)).toEqual(whole.samples.subarray(0, 3));
      expect(reader.read(reader.frames + 1, reader.frames + 9).length).toBe(0);
    } finally {
      reader.close();
    }
  });

  it('cuts the recording into windows that neither lose nor repeat a sample, the overlap only before each window', async () => {
    const whole = await readWav(CLIP);
    const reader = openWav(CLIP);
    try {
      const rebuilt = new Float32Array(whole.samples.length + 1);
      let filled = 0;
      let windows = 0;
      for (const { start, samples } of wavWindows(reader, 70_001, 1_600)) {
        const own = windows === 0 ? 0 : 1_600;
        expect(samples.subarray(0, own)).toEqual(whole.samples.subarray(start, start + own));
        expect(start + own).toBe(filled);
        rebuilt.set(samples.subarray(own), filled);
        filled += samples.length - own;
        windows++;
      }
      expect(windows).toBe(Math.ceil(whole.samples.length / 70_001));
      expect(filled).toBe(whole.samples.length);
      expect(rebuilt.subarray(0, filled)).toEqual(whole.samples);
    } finally {
      reader.close();
    }
  });

  it('takes the data that is there when ffmpeg left the streaming size (0xFFFFFFFF) in the header, and refuses other formats', async () => {
    const file = path.join(temp, 'streamed.wav');
    await writeWav(file, { samples: Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i / 10) / 2), sampleRate: 16_000 });
    const buf = await readFile(file);
    buf.writeUInt32LE(0xffffffff, 40);
    await writeFile(file, buf);
    const reader = openWav(file);
    expect(reader.frames).toBe(1000);
    expect(reader.read(0, 1000)).toEqual(parseWav(buf).samples);
    reader.close();
    await writeFile(path.join(temp, 'not.wav'), 'hello, this is not a wav file');
    expect(() => openWav(path.join(temp, 'not.wav'))).toThrow('Not a WAV file');
  });

  it('computes the same MFCCs block by block as over the whole recording', async () => {
    const whole = await readWav(CLIP);
    const reader = openWav(CLIP);
    try {
      const expected = computeMfcc(whole.samples, { sampleRate: 16_000 });
      // 0.5 s blocks: a block boundary every 50 frames, none of them on a frame start.
      const blocks = computeMfccInBlocks(reader.frames, (s, e) => reader.read(s, e), { sampleRate: 16_000 }, 8_005);
      expect(blocks.frames).toBe(expected.frames);
      expect(blocks.mfcc).toEqual(expected.mfcc);
      expect(blocks.logEnergy).toEqual(expected.logEnergy);
    } finally {
      reader.close();
    }
  });

  it('finds the same speech regions reading the file in windows as over the whole recording in memory', async () => {
    const whole = await readWav(CLIP);
    const expected = await detectSpeechRegions(whole.samples, SILERO);
    expect(expected.length).toBeGreaterThan(1);
    // Windows of an odd size, so the VAD's 512-sample frames straddle every boundary; and the default.
    expect(await detectSpeechRegionsInWav(CLIP, SILERO, { blockSamples: 16_001 })).toEqual(expected);
    expect(await detectSpeechRegionsInWav(CLIP, SILERO)).toEqual(expected);
  }, 60_000);

  it('diarizes a WAV file read in windows in the worker as it diarizes the samples handed over', async () => {
    const speech = await detectSpeechRegions((await readWav(CLIP)).samples, SILERO);
    const expected = await diarizeInWorker(await readWav(CLIP), { maxSpeakers: 4, speech });
    expect(expected.length).toBeGreaterThan(1);
    expect(await diarizeInWorker({ wavPath: CLIP }, { maxSpeakers: 4, speech })).toEqual(expected);
    const energy = await diarizeInWorker(await readWav(CLIP), { maxSpeakers: 4 });
    expect(new Set(energy.map((t) => t.speaker)).size).toBeGreaterThan(1);
    expect(await diarizeInWorker({ wavPath: CLIP }, { maxSpeakers: 4 })).toEqual(energy);
  }, 60_000);
});
