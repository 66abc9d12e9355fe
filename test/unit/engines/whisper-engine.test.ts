/**
 * The default engine on real speech from the shared fixtures: Whisper tiny.en from npm in a worker
 * thread (onnxruntime-web WASM, loaded outside jest's VM), Silero VAD from npm.
 * pocketsphinx scores 42.9 % WER on these fixtures (docs/speech.md), far outside the bound here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createOnboxDiarizer } from '../../../local/engines/onbox.js';
import { errorRate, normalizeWords, wordErrors } from '../../../local/engines/wer.js';
import { locateCarriedModel, SILERO_VAD_NPM, WHISPER_TINY_EN } from '../../../local/engines/whisper/carrier.js';
import { createWhisperEngine } from '../../../local/engines/whisper/engine.js';
import { startWhisperPool } from '../../../local/engines/whisper/pool.js';
import { buildTranscribeOutput } from '../../../local/transcribe/output.js';
import { FIXTURES_DIR } from '../../helpers/shared-data.js';

const CLIPS = ['jfk', 'ljspeech_LJ001-0001', 'librispeech_1089-134686-0000'];
let engine: ReturnType<typeof createWhisperEngine>;

beforeAll(async () => {
  const whisper = await locateCarriedModel(WHISPER_TINY_EN);
  const vad = await locateCarriedModel(SILERO_VAD_NPM);
  if (!('file' in whisper) || !('file' in vad)) throw new Error('npm install first: the carried models are missing');
  engine = createWhisperEngine({ pool: await startWhisperPool(whisper.file, 1), vadModel: vad.file, diarizer: createOnboxDiarizer({ vad: 'energy' }) });
}, 60_000);
afterAll(async () => { await engine?.close(); });

describe('Whisper tiny.en engine on real speech', () => {
  it('transcribes fixture clips within 15 % WER (pocketsphinx: 42.9 %), punctuated and cased, with times inside the clip', async () => {
    const totals = { substitutions: 0, deletions: 0, insertions: 0, referenceWords: 0 };
    for (const clip of CLIPS) {
      const wav = path.join(FIXTURES_DIR, 'asr', `${clip}.wav`);
      const result = await engine.transcribe(wav, { maxSpeakers: 1 });
      expect(result.punctuated).toBe(true);
      const reference = normalizeWords(await readFile(path.join(FIXTURES_DIR, 'asr', `${clip}.txt`), 'utf8'));
      const counts = wordErrors(reference, normalizeWords(result.words.map((w) => w.text).join(' ')));
      for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += counts[key];
      for (let i = 1; i < result.words.length; i++) expect(result.words[i]!.start).toBeGreaterThanOrEqual(result.words[i - 1]!.end);
      expect(result.words[0]!.start).toBeGreaterThanOrEqual(0);
      expect(result.words.at(-1)!.end).toBeLessThanOrEqual(12);
      if (clip === 'jfk') {
        const output = buildTranscribeOutput('jfk', '000000000000', result, false);
        // Whisper's own case and marks reach the Transcribe-format output as punctuation items.
        expect(output.results.transcripts[0]!.transcript).toMatch(/^And so,? my fellow Americans,? ask not what your country can do for you,? ask what you can do for your country\.$/);
        expect(output.results.items.filter((i) => i.type === 'punctuation').map((i) => i.alternatives[0]!.content)).toContain(',');
      }
    }
    expect(errorRate(totals)).toBeLessThanOrEqual(0.15);
  }, 120_000);

  it('reports its progress: no speech decoded at first, all of it once decoded', async () => {
    const reports: Array<{ done: number; total: number }> = [];
    await engine.transcribe(path.join(FIXTURES_DIR, 'asr', 'jfk.wav'), { maxSpeakers: 1, onProgress: (p) => reports.push(p) });
    expect(reports[0]!.done).toBe(0);
    expect(reports.at(-1)!.total).toBeGreaterThan(5);
    expect(reports.at(-1)!.done).toBeCloseTo(reports.at(-1)!.total);
    for (let i = 1; i < reports.length; i++) expect(reports[i]!.done).toBeGreaterThanOrEqual(reports[i - 1]!.done);
    expect(reports.at(-1)!.done).toBeGreaterThan(0);
  }, 60_000);

  it('finds no words in silence (nothing is sent to Whisper)', async () => {
    const { writeWav } = await import('../../../local/engines/audio.js');
    const os = await import('node:os');
    const file = path.join(os.tmpdir(), `silence-${process.pid}.wav`);
    await writeWav(file, { samples: new Float32Array(16_000 * 5), sampleRate: 16_000 });
    expect(await engine.transcribe(file, { maxSpeakers: 2 })).toEqual({ words: [], speakers: 0, punctuated: true });
  }, 60_000);
});
