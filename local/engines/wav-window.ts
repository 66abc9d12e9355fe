/**
 * Reads a 16-bit PCM WAV in windows, so a long recording (a 2-hour one is 460 MB as float32) is never held whole:
 * the VAD and the diarizer keep per-frame results, not samples. Samples are converted exactly as parseWav does
 * (first channel, int16 / 32768). Synchronous: meant for worker threads and scripts, never the event loop.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Where the samples of a WAV file are. */
export interface WavLayout { sampleRate: number; channels: number; dataOffset: number; frames: number }

/** The largest header read while looking for the data chunk (ffmpeg's LIST chunk is small). */
const HEADER_BYTES = 1 << 16;

/** Finds the format and the data chunk of the WAV open at `fd`. Throws on anything but 16-bit PCM. */
export function wavLayout(fd: number): WavLayout {
  const size = fstatSync(fd).size;
  const head = Buffer.alloc(Math.min(size, HEADER_BYTES));
  readSync(fd, head, 0, head.length, 0);
  return wavLayoutOf(head, size);
}

/**
 * The format and the data chunk of a WAV whose first bytes are `head` and whole size `fileSize` (the head may be the
 * whole file: parseWav). Throws on anything but 16-bit PCM.
 */
export function wavLayoutOf(head: Buffer, fileSize: number): WavLayout {
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
  let offset = 12;
  let channels = 1;
  let sampleRate = 16_000;
  let bits = 16;
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4);
    const chunk = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = head.readUInt16LE(body + 2);
      sampleRate = head.readUInt32LE(body + 4);
      bits = head.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`Unsupported WAV sample size ${bits}`);
      // ffmpeg writes 0xFFFFFFFF sizes when streaming; take what is there.
      const bytes = Math.min(chunk, fileSize - body);
      return { sampleRate, channels, dataOffset: body, frames: Math.floor(bytes / 2 / channels) };
    }
    offset = body + chunk + (chunk % 2);
  }
  throw new Error('WAV file has no data chunk');
}

/** An open WAV file: its layout, and samples [start, end) read on demand (clipped to the file). */
export interface WavReader extends WavLayout {
  read(start: number, end: number): Float32Array;
  close(): void;
}

export function openWav(path: string): WavReader {
  const fd = openSync(path, 'r');
  let layout: WavLayout;
  try {
    layout = wavLayout(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const { channels, dataOffset, frames } = layout;
  return {
    ...layout,
    read(start, end) {
      const from = Math.max(0, Math.min(frames, Math.floor(start)));
      const to = Math.max(from, Math.min(frames, Math.floor(end)));
      const bytes = Buffer.alloc((to - from) * 2 * channels);
      let got = 0;
      while (got < bytes.length) {
        const n = readSync(fd, bytes, got, bytes.length - got, dataOffset + from * 2 * channels + got);
        if (n === 0) break;
        got += n;
      }
      const out = new Float32Array(to - from);
      for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2 * channels) / 32768;
      return out;
    },
    close: () => closeSync(fd),
  };
}

/** A stretch of samples from `start` (in samples from the beginning of the recording). */
export interface SampleWindow { start: number; samples: Float32Array }

/**
 * The recording as consecutive windows of `windowSamples` (the last one shorter), each also holding the `overlap`
 * samples before it when there are any (`start` then points at the first of those). Reads one window at a time.
 */
export function* wavWindows(reader: WavReader, windowSamples: number, overlap = 0): Generator<SampleWindow> {
  if (!(windowSamples > 0)) throw new RangeError('windowSamples must be positive');
  for (let at = 0; at < reader.frames; at += windowSamples) {
    const start = Math.max(0, at - overlap);
    yield { start, samples: reader.read(start, Math.min(reader.frames, at + windowSamples)) };
  }
}
