import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { peakNormalize, readWav, run, writeWav, type Audio } from './audio.js';
import { splitAtPauses } from './pauses.js';
import { mapLimit } from './pool.js';
import type { RecognizedWord } from './types.js';

export const DEFAULT_POCKETSPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us';
const BINARY_CANDIDATES = ['/usr/bin/pocketsphinx_continuous', '/usr/local/bin/pocketsphinx_continuous'];

/**
 * Decoder options found best on the development set (see docs/speech.md): a wider Gaussian selection
 * (-topn 8) and no second flat-lexicon pass (as accurate here, and cheaper).
 */
export const POCKETSPHINX_ARGS: readonly string[] = ['-topn', '8', '-fwdflat', 'no'];

export interface PocketsphinxSetup { binary: string; hmm: string; lm: string; dict: string }

/**
 * Finds `pocketsphinx_continuous` (PATH or /usr/bin) and the US-English model
 * (`MEETSCRIBE_POCKETSPHINX_MODEL` or the Debian location). Returns undefined when either is missing.
 */
export async function findPocketsphinx(env: NodeJS.ProcessEnv = process.env): Promise<PocketsphinxSetup | undefined> {
  const pathDirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, 'pocketsphinx_continuous'));
  let binary: string | undefined;
  for (const candidate of [...pathDirs, ...BINARY_CANDIDATES]) {
    if (await exists(candidate, constants.X_OK)) { binary = candidate; break; }
  }
  if (!binary) return undefined;
  const root = env.MEETSCRIBE_POCKETSPHINX_MODEL || DEFAULT_POCKETSPHINX_MODEL;
  const setup = { binary, hmm: path.join(root, 'en-us'), lm: path.join(root, 'en-us.lm.bin'), dict: path.join(root, 'cmudict-en-us.dict') };
  for (const file of [path.join(setup.hmm, 'mdef'), setup.lm, setup.dict]) {
    if (!(await exists(file, constants.R_OK))) return undefined;
  }
  return setup;
}

/** Parses `pocketsphinx_continuous -time yes` output into words (fillers, silences and sentence marks dropped). */
export function parsePocketsphinxOutput(stdout: string, offsetSeconds = 0): RecognizedWord[] {
  const words: RecognizedWord[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!match) continue;
    const token = match[1]!;
    if (token.startsWith('<') || token.startsWith('[') || token.startsWith('+')) continue;
    words.push({
      text: token.replace(/\(\d+\)$/, ''),
      start: round3(Number(match[2]) + offsetSeconds),
      end: round3(Number(match[3]) + offsetSeconds),
      confidence: Math.max(0, Math.min(1, Number(match[4]))),
      speaker: 0,
    });
  }
  return words;
}

/**
 * Recognises speech with pocketsphinx: the audio is cut at pauses into pieces of at most 30 s, each
 * piece is peak-normalised on its own and decoded by its own process, `concurrency` at a time.
 * Throws if a decoder process fails.
 */
export async function recognizeWithPocketsphinx(setup: PocketsphinxSetup, audio: Audio, options: { concurrency: number; extraArgs?: readonly string[];
  signal?: AbortSignal }): Promise<RecognizedWord[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-ps-'));
  try {
    const spans = splitAtPauses(audio.samples, audio.sampleRate, 30);
    const pieces = await mapLimit(spans, options.concurrency, async (span, index) => {
      const file = path.join(dir, `piece-${index}.wav`);
      await writeWav(file, { samples: peakNormalize(audio.samples.subarray(span.start, span.end)), sampleRate: audio.sampleRate });
      const args = ['-infile', file, '-time', 'yes', '-hmm', setup.hmm, '-lm', setup.lm, '-dict', setup.dict, '-logfn', '/dev/null', ...(options.extraArgs ??
        POCKETSPHINX_ARGS)];
      const { code, stdout } = await run(setup.binary, args, { signal: options.signal });
      if (code !== 0) throw new Error(`pocketsphinx_continuous exited with code ${code}`);
      return parsePocketsphinxOutput(stdout, span.start / audio.sampleRate);
    });
    return pieces.flat();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Convenience for scripts: reads a 16 kHz WAV and recognises it. */
export async function recognizeWavWithPocketsphinx(setup: PocketsphinxSetup, wavPath: string, options: { concurrency: number; extraArgs?: readonly string[] }) {
  return recognizeWithPocketsphinx(setup, await readWav(wavPath), options);
}

async function exists(file: string, mode: number): Promise<boolean> {
  try {
    await access(file, mode);
    return true;
  } catch {
    return false;
  }
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
