/**
 * Child-process check for native-stop.test.ts: aborts Silero VAD worker passes at moments spread over
 * a pass (so most land inside sherpa-onnx calls), prints "survived" if the process lives through them all,
 * then exits with the last stopped worker possibly still inside native code. A worker terminated inside a
 * native call, or under an exiting process, used to abort the whole process (SIGABRT).
 * Usage: tsx abort-silero-workers.mts <silero_vad.onnx> <rounds>
 */
import { detectSpeechInWorkers } from '../../local/engines/whisper/vad-in-worker.js';

const [model, roundsText] = process.argv.slice(2);
const rounds = Number(roundsText);
const samples = new Float32Array(16_000 * 120);
for (let i = 0; i < samples.length; i++) samples[i] = (Math.floor(i / 16_000) % 3 === 0 ? 0.3 * Math.sin(i / 7) : 0) + 0.01 * Math.sin(i * 1.3);

const started = performance.now();
await detectSpeechInWorkers(samples, model!, [0.5], { maxSpeechSeconds: 28 });
const pass = performance.now() - started;
for (let round = 0; round < rounds; round++) {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('stop')), pass * (0.05 + (0.9 * round) / Math.max(1, rounds - 1)));
  await detectSpeechInWorkers(samples, model!, [0.5, 0.8], { maxSpeechSeconds: 28, signal: controller.signal }).catch(() => undefined);
}
console.log(`survived ${rounds} aborts (one pass ${Math.round(pass)} ms)`);
