import path from 'node:path';
import { readWav } from '../../../local/engines/audio.js';
import { diarize } from '../../../local/engines/diarize.js';
import { diarizeInWorker } from '../../../local/engines/diarize-in-worker.js';
import { detectSpeechRegions } from '../../../local/engines/vad.js';
import { FIXTURES_DIR as FIXTURES, SHARED_MODELS_DIR } from '../../helpers/shared-data.js';

const CLIP = path.join(FIXTURES, 'diarization', 'ami_debug_dev00.wav');
const SILERO = path.join(SHARED_MODELS_DIR, 'silero-vad', 'silero_vad.onnx');

describe('diarizeInWorker', () => {
  it('gives the same turns as diarize on a real meeting clip and hands the samples over instead of copying them', async () => {
    const expected = diarize(await readWav(CLIP), { maxSpeakers: 4 });
    const audio = await readWav(CLIP);

    const turns = await diarizeInWorker(audio, { maxSpeakers: 4 });

    expect(new Set(expected.map((t) => t.speaker)).size).toBeGreaterThan(1);
    expect(turns).toEqual(expected);
    expect(audio.samples.length).toBe(0);
  }, 60_000);

  it('diarizes the speech the silero VAD finds when given its model, inside the worker', async () => {
    const audio = await readWav(CLIP);
    const speech = await detectSpeechRegions(audio.samples, SILERO);
    const expected = diarize(audio, { maxSpeakers: 4, speech });
    const fallbacks: string[] = [];

    const turns = await diarizeInWorker(audio, { maxSpeakers: 4 }, { sileroModel: SILERO, onVadFallback: (reason) => fallbacks.push(reason) });

    expect(fallbacks).toEqual([]);
    expect(turns).toEqual(expected);
    expect(turns).not.toEqual(diarize(await readWav(CLIP), { maxSpeakers: 4 }));
  }, 60_000);

  it('falls back to the energy VAD and says why when the silero model cannot be used', async () => {
    const expected = diarize(await readWav(CLIP), { maxSpeakers: 4 });
    const fallbacks: string[] = [];

    const turns = await diarizeInWorker(await readWav(CLIP), { maxSpeakers: 4 }, { sileroModel: '/nonexistent/silero_vad.onnx', onVadFallback: (reason) => fallbacks.push(reason) });

    expect(turns).toEqual(expected);
    expect(fallbacks).toEqual(['Silero VAD model not found at /nonexistent/silero_vad.onnx']);
  }, 60_000);

  it('keeps the event loop turning while it diarizes', async () => {
    const audio = await readWav(CLIP);
    let ticks = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      ticks++;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);

    const turns = await diarizeInWorker(audio, { maxSpeakers: 4 }).finally(() => { running = false; });

    expect(turns.length).toBeGreaterThan(0);
    expect(ticks).toBeGreaterThan(0);
  }, 60_000);

  it('rejects with the diarizer\'s own message when diarize throws in the worker', async () => {
    await expect(diarizeInWorker({ samples: new Float32Array(16_000), sampleRate: 0 }, { maxSpeakers: 2 }))
      .rejects.toThrow('Diarization worker failed: FFT size must be a power of two and bigger than 1');
  });

  it('rejects samples that are not a Float32Array without starting a worker', async () => {
    const samples = [0.1, -0.1] as unknown as Float32Array;
    await expect(diarizeInWorker({ samples, sampleRate: 16_000 }, { maxSpeakers: 2 })).rejects.toThrow('diarizeInWorker needs audio.samples as a Float32Array');
  });

  it('rejects with the abort reason and stops the worker when the signal aborts', async () => {
    const controller = new AbortController();
    const running = diarizeInWorker(await readWav(CLIP), { maxSpeakers: 4 }, { signal: controller.signal });
    controller.abort(new Error('meeting deleted'));
    await expect(running).rejects.toThrow('meeting deleted');
  });
});
