/**
 * Child process of bench:speech-memory: runs the speech-finding and diarizer stages of the Whisper engine over one
 * WAV, Whisper's decoding left out, and prints one JSON line per stage with this process's peak resident memory
 * during it (VmHWM, reset between stages; worker threads included). Modes: `samples` — as the engine does today
 * (the whole recording read as float32, the two Silero passes in workers over a shared copy, the diarizer handed the
 * samples); `file` — the VAD and the diarizer read the WAV in 60 s windows.
 *
 *   tsx scripts/lib/speech-memory-stages.ts samples|file <wav> <silero model>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readWav } from '../../local/engines/audio.js';
import { createOnboxDiarizer } from '../../local/engines/onbox.js';
import type { SpeechRegion } from '../../local/engines/vad.js';
import { detectSpeechInWorkers } from '../../local/engines/whisper/vad-in-worker.js';

const [mode, wav, model] = process.argv.slice(2) as [string, string, string];
const MAX_SPEAKERS = 10;

function peakMb(): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
}

async function stage<T>(name: string, work: () => Promise<T>, digest: (value: T) => unknown): Promise<T> {
  (globalThis as { gc?: () => void }).gc?.();
  writeFileSync('/proc/self/clear_refs', '5');
  const start = performance.now();
  const value = await work();
  console.log(JSON.stringify({ stage: name, seconds: (performance.now() - start) / 1000, peakMb: peakMb(), result: digest(value) }));
  return value;
}

const diarizer = createOnboxDiarizer({ log: () => undefined });
const turnsDigest = (turns: ReadonlyArray<{ start: number; end: number; speaker: number }>) => ({
  turns: turns.length, speakers: new Set(turns.map((t) => t.speaker)).size,
  hash: turns.reduce((h, t) => (h * 31 + Math.round(t.start * 1000) * 7 + Math.round(t.end * 1000) * 3 + t.speaker) % 1_000_000_007, 0),
});
const regionsDigest = (r: SpeechRegion[][]) => r.map((x) => ({
  regions: x.length, seconds: Math.round(x.reduce((n, y) => n + y.end - y.start, 0) * 1000) / 1000,
}));

if (mode === 'samples') {
  const audio = await stage('read the recording', () => readWav(wav), (a) => ({ seconds: a.samples.length / a.sampleRate }));
  const [regions] = await stage('silero VAD (2 thresholds)', () => detectSpeechInWorkers(audio.samples, model, [0.5, 0.8], { maxSpeechSeconds: 28 }),
    regionsDigest);
  await stage('diarizer', () => diarizer(audio, { maxSpeakers: MAX_SPEAKERS, speech: regions }), turnsDigest);
} else if (mode === 'file') {
  const { detectSpeechRegionsInWav } = await import('../../local/engines/vad.js');
  const [regions] = await stage('silero VAD (2 thresholds)', () => Promise.all([0.5, 0.8].map((threshold) => detectSpeechRegionsInWav(wav, model, { threshold,
    maxSpeechSeconds: 28 }))), regionsDigest);
  await stage('diarizer', () => diarizer({ wavPath: wav }, { maxSpeakers: MAX_SPEAKERS, speech: regions }), turnsDigest);
} else throw new Error(`mode is samples or file, got ${mode}`);
