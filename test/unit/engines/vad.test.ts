import path from 'node:path';
import { readWav } from '../../../local/engines/audio.js';
import { detectSpeech, detectSpeechRegions } from '../../../local/engines/vad.js';
import { FIXTURES_DIR as FIXTURES, SHARED_MODELS_DIR } from '../../helpers/shared-data.js';

const SILERO = path.join(SHARED_MODELS_DIR, 'silero-vad', 'silero_vad.onnx');

describe('detectSpeech (silero VAD through sherpa-onnx)', () => {
  it('cuts jfk.wav into its four phrases, each within the audio and at most 20 s', async () => {
    const audio = await readWav(path.join(FIXTURES, 'asr', 'jfk.wav'));

    const pieces = await detectSpeech(audio.samples, SILERO, { maxSpeechSeconds: 20 });

    expect(pieces).toHaveLength(4);
    expect(pieces[0]!.start / 16_000).toBeLessThan(0.5);
    for (const p of pieces) {
      expect(p.samples.length / 16_000).toBeLessThanOrEqual(20);
      expect(p.start + p.samples.length).toBeLessThanOrEqual(audio.samples.length + 512);
    }
    // "ask not" starts after the pause at about 3 s
    expect(pieces[1]!.start / 16_000).toBeGreaterThan(2.5);
  });

  it('gives as regions in seconds exactly the pieces detectSpeech cuts', async () => {
    const audio = await readWav(path.join(FIXTURES, 'asr', 'jfk.wav'));

    const regions = await detectSpeechRegions(audio.samples, SILERO);

    const pieces = await detectSpeech(audio.samples, SILERO);
    expect(regions).toEqual(pieces.map((p) => ({ start: p.start / 16_000, end: (p.start + p.samples.length) / 16_000 })));
  });

  it('finds nothing in silence', async () => {
    expect(await detectSpeech(new Float32Array(16_000 * 3), SILERO)).toEqual([]);
  });

  it('says which file is missing', async () => {
    await expect(detectSpeech(new Float32Array(512), '/nonexistent/silero_vad.onnx')).rejects.toThrow('Silero VAD model not found at /nonexistent/silero_vad.onnx');
  });
});
