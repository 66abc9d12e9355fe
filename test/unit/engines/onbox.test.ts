import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readWav } from '../../../local/engines/audio.js';
import { diarize } from '../../../local/engines/diarize.js';
import { createOnboxDiarizer } from '../../../local/engines/onbox.js';
import { detectSpeechRegions } from '../../../local/engines/vad.js';
import { FIXTURES_DIR as FIXTURES, SHARED_MODELS_DIR } from '../../helpers/shared-data.js';

const CLIP = path.join(FIXTURES, 'diarization', 'ami_debug_dev00.wav');
// Holds silero_vad.onnx at the place modelsDir() expects it (models.ts: NEURAL_MODELS.vad.folder).
const SILERO_DIR = path.join(SHARED_MODELS_DIR, 'silero-vad');

describe('createOnboxDiarizer', () => {
  let temp: string;
  beforeAll(async () => { temp = await mkdtemp(path.join(os.tmpdir(), 'onbox-')); });
  afterAll(async () => { await rm(temp, { recursive: true, force: true }); });

  const logger = () => {
    const lines: Array<{ message: string; extra?: Record<string, unknown> }> = [];
    return { lines, log: (message: string, extra?: Record<string, unknown>) => lines.push({ message, extra }) };
  };

  it('diarizes with the silero VAD\'s speech regions when the model is in the models folder, and says so once', async () => {
    const { lines, log } = logger();
    const audio = await readWav(CLIP);
    const expected = diarize(audio, { maxSpeakers: 4, speech: await detectSpeechRegions(audio.samples, path.join(SILERO_DIR, 'silero_vad.onnx')) });
    const diarizer = createOnboxDiarizer({ vad: 'silero', env: { MEETSCRIBE_MODELS_DIR: SILERO_DIR }, log });

    expect(await diarizer(await readWav(CLIP), { maxSpeakers: 4 })).toEqual(expected);
    await diarizer(await readWav(CLIP), { maxSpeakers: 4 });

    expect(lines).toEqual([{ message: 'On-box diarization finds speech with the silero VAD', extra: { model: path.join(SILERO_DIR, 'silero_vad.onnx') } }]);
  }, 60_000);

  it('falls back to the energy VAD when the model is missing, logs that once and still diarizes', async () => {
    const { lines, log } = logger();
    const empty = path.join(temp, 'empty');
    const expected = diarize(await readWav(CLIP), { maxSpeakers: 4 });
    const diarizer = createOnboxDiarizer({ vad: 'silero', env: { MEETSCRIBE_MODELS_DIR: empty, MEETSCRIBE_MODEL_DOWNLOAD: '0' }, log });

    const first = await diarizer(await readWav(CLIP), { maxSpeakers: 4 });
    const second = await diarizer(await readWav(CLIP), { maxSpeakers: 4 });

    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('On-box diarization falls back to the energy VAD');
    expect(lines[0]!.extra!.reason).toContain(`silero VAD model not found at ${path.join(empty, 'silero_vad.onnx')}`);
  }, 60_000);

  it('never loads a model file that does not match the pinned checksum', async () => {
    const { lines, log } = logger();
    const damaged = path.join(temp, 'damaged');
    await mkdir(damaged, { recursive: true });
    await writeFile(path.join(damaged, 'silero_vad.onnx'), 'not an onnx model');
    const diarizer = createOnboxDiarizer({ vad: 'silero', env: { MEETSCRIBE_MODELS_DIR: damaged }, log });

    const turns = await diarizer(await readWav(CLIP), { maxSpeakers: 4 });

    expect(turns.length).toBeGreaterThan(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.extra!.reason).toContain('does not match the pinned checksum');
  }, 60_000);

  it('uses the energy VAD without looking for a model unless silero is asked for', async () => {
    const { lines, log } = logger();
    const expected = diarize(await readWav(CLIP), { maxSpeakers: 4 });
    const diarizer = createOnboxDiarizer({ env: { MEETSCRIBE_MODELS_DIR: SILERO_DIR }, log });

    expect(await diarizer(await readWav(CLIP), { maxSpeakers: 4 })).toEqual(expected);
    expect(lines).toEqual([]);
  }, 60_000);

  it('takes silero from MEETSCRIBE_DIARIZATION_VAD when no option says otherwise', async () => {
    const { lines, log } = logger();
    const diarizer = createOnboxDiarizer({ env: { MEETSCRIBE_MODELS_DIR: SILERO_DIR, MEETSCRIBE_DIARIZATION_VAD: 'silero' }, log });

    await diarizer(await readWav(CLIP), { maxSpeakers: 4 });

    expect(lines.map((l) => l.message)).toEqual(['On-box diarization finds speech with the silero VAD']);
  }, 60_000);
});
