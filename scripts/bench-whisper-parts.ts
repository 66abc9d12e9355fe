/**
 * Where native Whisper's time goes (issue 36): the carried graph's parts run one by one on onnxruntime-node, one
 * intra-op thread, over the same pieces, timed in CPU seconds of this process (process.cpuUsage) and wall seconds.
 *   - whole graph: front end + encoder + BeamSearch, as the product runs it, at each beam width asked;
 *   - front end: the graph up to `log_mel` (pad, STFT, power, mel MatMul, log, clamp), with the carried graph's ONNX
 *     STFT node and with the product's rewrite (the STFT as a convolution, stft-conv.ts);
 *   - encoder: BeamSearch's encoder subgraph (the encoder and Whisper's first decoder step over the prompt, which
 *     also yields the cross-attention keys and values once per piece); BeamSearch runs it at batch 1 for any width;
 *   - decoder steps: the decoder subgraph, one token a call with its past keys and values, greedy, driven from
 *     JavaScript (so it includes copying the past to JavaScript and back each step), over the greedy decoding's tokens;
 *   - decoder + search: the whole graph less the front end and the encoder (the decoder steps inside BeamSearch with
 *     its log-softmax, top-k and reordering of the past between steps), and on how many pieces the decoding at that
 *     width fails the fallback tests (fallback.ts: the product would decode those again with 5 beams).
 * The pieces are `--seconds` (default 28) windows of the meeting fixtures (the product's pieces are ≤ 30 s of joined
 * speech), at most `--pieces` (default 8). Only onnxruntime-node is loaded in this process (no sherpa-onnx).
 * Usage: npm run bench:whisper-parts [-- --beams 1,5] [--pieces 8] [--seconds 28]
 */
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readWav } from '../local/engines/audio.js';
import { modelsDir } from '../local/engines/models.js';
import { locateCarriedModel, sha256File, WHISPER_TINY_EN } from '../local/engines/whisper/carrier.js';
import { prepareNativeGraph, rewriteWhisperGraph } from '../local/engines/whisper/native-graph.js';
import { extractSpeechAudio } from '../functions/adapters/media/ffmpeg.js';
import { fallbackReason } from '../local/engines/whisper/fallback.js';
import { createWhisperTokens, END_OF_TEXT } from '../local/engines/whisper/tokens.js';
import { splitWhisperGraph } from './lib/whisper-parts.js';
import { FIXTURES_DIR } from '../test/helpers/shared-data.js';

const { values } = parseArgs({ options: {
  beams: { type: 'string', default: '1,5' }, pieces: { type: 'string', default: '8' }, seconds: { type: 'string', default: '28' },
} });
const beamWidths = values.beams.split(',').map(Number);
const RATE = 16_000;
const PROMPT = [50257, 50363];
type Ort = typeof import('onnxruntime-common');
const ort = createRequire(import.meta.url)('onnxruntime-node') as Ort;
type Tensor = InstanceType<Ort['Tensor']>;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; cpu: number; wall: number }> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const value = await work();
  const cpu = process.cpuUsage(cpu0);
  return { value, cpu: (cpu.user + cpu.system) / 1e6, wall: (performance.now() - wall0) / 1000 };
}

const located = await locateCarriedModel(WHISPER_TINY_EN);
if ('problem' in located) throw new Error(located.problem);
const graph = await prepareNativeGraph(located.file, await sha256File(located.file), modelsDir());
const dir = await mkdtemp(path.join(os.tmpdir(), 'whisper-parts-'));
const parts = splitWhisperGraph(await readFile(graph.modelFile));
// The front end as carried (onnxruntime's STFT node), for comparison with the rewrite's convolution.
const stftFront = splitWhisperGraph(rewriteWhisperGraph(await readFile(located.file), { stftAsConv: false }).model).front;
for (const [name, bytes] of Object.entries({ ...parts, stftFront })) await writeFile(path.join(dir, `${name}.onnx`), bytes);
const options = { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 as const, extra: { session: { intra_op: { allow_spinning: '0' } } } };
const [whole, front, encoder, decoder, stft] = await Promise.all([
  ort.InferenceSession.create(graph.modelFile, options),
  ...['front', 'encoder', 'decoder', 'stftFront'].map((n) => ort.InferenceSession.create(path.join(dir, `${n}.onnx`), options)),
]);

const pieces: Float32Array[] = [];
for (const file of ['meeting/meeting_constructed.mp4', 'meeting/meeting_ami.m4a']) {
  const wav = path.join(dir, `${path.basename(file)}.wav`);
  await extractSpeechAudio(path.join(FIXTURES_DIR, file), wav);
  const audio = await readWav(wav);
  const step = Number(values.seconds) * RATE;
  for (let at = 0; at + step <= audio.samples.length && pieces.length < Number(values.pieces); at += step) pieces.push(audio.samples.slice(at, at + step));
}
const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`${pieces.length} pieces of ${values.seconds} s from the meeting fixtures (levelled as extracted); 1 intra-op thread; load ${load}`);

const int = (v: number) => new ort.Tensor('int32', Int32Array.of(v), [1]);
const float = (v: number) => new ort.Tensor('float32', Float32Array.of(v), [1]);
const rows: Array<[string, number, number]> = [];
const add = (name: string, t: { cpu: number; wall: number }) => {
  const row = rows.find((r) => r[0] === name);
  if (row) { row[1] += t.cpu; row[2] += t.wall; } else rows.push([name, t.cpu, t.wall]);
};
let tokenCount = 0;
const tokens = createWhisperTokens(graph.tables);
/** Pieces whose decoding at each width fails fallback.ts's tests (the product would decode them again with 5 beams). */
const fallbacks = new Map<number, number>();
// One untimed run of each part first: a session's first run allocates what later runs reuse.
const prompt = new ort.Tensor('int32', Int32Array.from(PROMPT), [1, PROMPT.length]);
const searchFeed = (samples: Float32Array, beams: number) => ({
  audio_pcm: new ort.Tensor('float32', samples, [1, samples.length]), max_length: int(448), min_length: int(1), num_beams: int(beams),
  num_return_sequences: int(1), length_penalty: float(1), repetition_penalty: float(1), decoder_input_ids: prompt,
});
const pastOf = (out: Record<string, Tensor>) =>
  Object.fromEntries(Object.entries(out).filter(([n]) => n.startsWith('present_')).map(([n, v]) => [n.replace('present_', 'past_'), v]));
{
  const audio_pcm = new ort.Tensor('float32', pieces[0]!, [1, pieces[0]!.length]);
  await whole!.run(searchFeed(pieces[0]!, 1));
  await stft!.run({ audio_pcm });
  const { log_mel } = await front!.run({ audio_pcm });
  const past = pastOf(await encoder!.run({ encoder_input_ids: log_mel!, decoder_input_ids: prompt }));
  await decoder!.run({ input_ids: new ort.Tensor('int32', Int32Array.of(PROMPT[1]!), [1, 1]), ...past });
}
for (const samples of pieces) {
  const audio_pcm = new ort.Tensor('float32', samples, [1, samples.length]);
  for (const beams of beamWidths) {
    const run = await timed(() => whole!.run(searchFeed(samples, beams)));
    add(`whole graph, ${beams} beam(s)`, run);
    const ids = Array.from(run.value.sequences!.data as Int32Array).slice(PROMPT.length);
    const averageLogprob = (run.value.sequences_scores!.data as Float32Array)[0]!;
    const failed = fallbackReason({ text: tokens.decode(ids).trim(), averageLogprob, ended: ids.includes(END_OF_TEXT) });
    if (failed) fallbacks.set(beams, (fallbacks.get(beams) ?? 0) + 1);
  }
  add('front end, ONNX STFT node (carried)', await timed(() => stft!.run({ audio_pcm })));
  const mel = await timed(() => front!.run({ audio_pcm }));
  add('front end, STFT as Conv (product)', mel);
  const enc = await timed(() => encoder!.run({ encoder_input_ids: mel.value.log_mel!, decoder_input_ids: prompt }));
  add('encoder (+ prompt step, cross K/V)', enc);
  // Greedy steps over the tokens of the 1-beam decoding, one decoder call each with its past keys and values.
  const ids = Array.from((await whole!.run(searchFeed(samples, 1))).sequences!.data as Int32Array).slice(PROMPT.length);
  const steps = ids.includes(50256) ? ids.indexOf(50256) + 1 : ids.length;
  tokenCount += steps;
  let past = pastOf(enc.value);
  add('decoder steps, 1 beam, from JS', await timed(async () => {
    for (let s = 1; s < steps; s++) {
      const out = await decoder!.run({ input_ids: new ort.Tensor('int32', Int32Array.of(ids[s - 1]!), [1, 1]), ...past });
      past = { ...past, ...Object.fromEntries(Object.entries(pastOf(out)).filter(([n]) => n.includes('self'))) };
    }
  }));
}
const cpuOf = (name: string) => rows.find((r) => r[0] === name)?.[1] ?? 0;
console.log(`${tokenCount} tokens over ${pieces.length} pieces (${(tokenCount / pieces.length).toFixed(0)} a piece, greedy)\n`);
console.log(`${'part'.padEnd(38)} ${'CPU s'.padStart(8)} ${'wall s'.padStart(8)}  CPU s a piece`);
const cell = (x: number) => x.toFixed(2).padStart(8);
for (const [name, cpu, wall] of rows) console.log(`${name.padEnd(38)} ${cell(cpu)} ${cell(wall)}  ${(cpu / pieces.length).toFixed(3)}`);
for (const beams of beamWidths) {
  const search = cpuOf(`whole graph, ${beams} beam(s)`) - cpuOf('front end, STFT as Conv (product)') - cpuOf('encoder (+ prompt step, cross K/V)');
  const perToken = ((search / tokenCount) * 1000).toFixed(1);
  console.log(`decoder + search, ${beams} beam(s) (whole − front end − encoder): ${search.toFixed(2)} s CPU, ${perToken} ms a greedy token; `
    + `fails the fallback tests on ${fallbacks.get(beams) ?? 0} of ${pieces.length} pieces`);
}
await Promise.all([whole, front, encoder, decoder, stft].map((s) => s!.release()));
await rm(dir, { recursive: true, force: true });
