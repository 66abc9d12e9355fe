/**
 * Where a participant's own audio track carries speech (issue 30): the track is downloaded to a temporary file,
 * decoded to 16 kHz mono PCM by ffmpeg and measured frame by frame (core/speakers/speech-activity.ts). Both
 * temporary files are deleted at once; only the speech stretches (times) leave this function.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pcm16ToFloat, speechStretches, type SpeechStretch } from '../../core/speakers/speech-activity.js';
import { extractSpeechAudio } from '../media/ffmpeg.js';

const RATE = 16_000;

/** The samples of a PCM WAV's `data` chunk. */
function wavData(bytes: Buffer): Uint8Array {
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'data') return bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return new Uint8Array(0);
}

/** Speech stretches of the track `body`. Throws UnreadableMedia / MediaToolFailed. */
export async function trackSpeech(body: AsyncIterable<Uint8Array>): Promise<SpeechStretch[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-track-'));
  try {
    const input = path.join(dir, 'track');
    const wav = path.join(dir, 'track.wav');
    await pipeline(Readable.from(body), createWriteStream(input));
    await extractSpeechAudio(input, wav, 10 * 60_000);
    return speechStretches(pcm16ToFloat(wavData(await readFile(wav))), RATE);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
