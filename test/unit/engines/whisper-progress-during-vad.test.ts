/**
 * The Whisper engine reports a piece's speech as decoded when its session returns it, while the speech-finding still
 * runs (docs/pipeline.md "Time left"). It used to report only after the VAD was done, since each piece then waits for
 * the strict regions (the guard's). The projection during the VAD then read a rate of almost nothing: a 10-minute
 * recording's time left grew from 19 to 23 s in its first 5 s (`bench:estimates`, 25 % point +74 %).
 */
import path from 'node:path';
import { readWav } from '../../../local/engines/audio.js';
import { locateCarriedModel, SILERO_VAD_NPM } from '../../../local/engines/whisper/carrier.js';
import { recognizeWithWhisper } from '../../../local/engines/whisper/engine.js';
import type { WhisperPool } from '../../../local/engines/whisper/pool.js';
import { FIXTURES_DIR } from '../../helpers/shared-data.js';

it('reports pieces decoded while the VAD still runs, before the speech is all found', async () => {
  const vad = await locateCarriedModel(SILERO_VAD_NPM);
  if (!('file' in vad)) throw new Error('npm install first: the carried VAD model is missing');
  const clip = (await readWav(path.join(FIXTURES_DIR, 'asr', 'jfk.wav'))).samples;
  // Four minutes of speech: the VAD reports a block a minute, so pieces are final long before it is done.
  const samples = new Float32Array(clip.length * 22);
  for (let i = 0; i < 22; i++) samples.set(clip, i * clip.length);
  const pool: WhisperPool = { size: 2, recognize: async () => ({ text: 'And so my fellow Americans.' }), close: async () => undefined };
  let speechFound = false;
  const doneBeforeSpeechFound: number[] = [];
  await recognizeWithWhisper(
    { source: { length: samples.length, read: (start, end) => samples.subarray(start, end) }, sampleRate: 16_000, vad: samples },
    { pool, vadModel: vad.file }, undefined,
    { onSpeech: () => { speechFound = true; }, onProgress: ({ done }) => { if (!speechFound) doneBeforeSpeechFound.push(done); } },
  );
  expect(Math.max(0, ...doneBeforeSpeechFound)).toBeGreaterThan(0);
}, 120_000);
