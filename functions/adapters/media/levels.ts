/**
 * Frame levels of a 16-bit PCM or 32-bit float WAV file, read in chunks (an hour of audio is never held in memory), for the
 * levelling decision (core/pipeline/levelling.ts).
 */
import { open } from 'node:fs/promises';
import { frameLevelDb, LEVEL_FRAME_SECONDS } from '../../core/pipeline/levelling.js';

const CHUNK_BYTES = 1 << 20;

/** Where the samples start and how they are laid out, from the RIFF chunks at the head of the file. */
async function wavLayout(file: string): Promise<{ dataOffset: number; dataBytes: number; channels: number; sampleRate: number; float: boolean }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const buf = head.subarray(0, bytesRead);
    if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
    let offset = 12;
    let channels = 1;
    let sampleRate = 16_000;
    let float = false;
    while (offset + 8 <= buf.length) {
      const id = buf.toString('ascii', offset, offset + 4);
      const size = buf.readUInt32LE(offset + 4);
      if (id === 'fmt ') {
        channels = buf.readUInt16LE(offset + 10);
        sampleRate = buf.readUInt32LE(offset + 12);
        const format = buf.readUInt16LE(offset + 8);
        const bits = buf.readUInt16LE(offset + 22);
        // 1 = PCM, 3 = IEEE float, 0xFFFE = extensible (its sub-format follows the same rule by its bit depth here).
        float = format === 3 || (format === 0xfffe && bits === 32);
        if (!(float ? bits === 32 : bits === 16)) throw new Error(`Only 16-bit PCM or 32-bit float WAV is measured (format ${format}, ${bits} bits)`);
      } else if (id === 'data') {
        const { size: fileSize } = await handle.stat();
        return { dataOffset: offset + 8, dataBytes: Math.min(size, fileSize - offset - 8), channels, sampleRate, float };
      }
      offset += 8 + size + (size % 2);
    }
    throw new Error('WAV file has no data chunk');
  } finally {
    await handle.close();
  }
}

/** dBFS RMS of every 50 ms frame of the file's first channel (the last, partial frame included). */
export async function measureFrameLevels(file: string): Promise<number[]> {
  const { dataOffset, dataBytes, channels, sampleRate, float } = await wavLayout(file);
  const frameSamples = Math.round(sampleRate * LEVEL_FRAME_SECONDS);
  const stride = (float ? 4 : 2) * channels;
  const levels: number[] = [];
  let sum = 0;
  let count = 0;
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES - (CHUNK_BYTES % stride));
    for (let position = 0; position < dataBytes;) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, dataBytes - position), dataOffset + position);
      if (bytesRead === 0) break;
      const usable = bytesRead - (bytesRead % stride);
      for (let i = 0; i < usable; i += stride) {
        const x = float ? chunk.readFloatLE(i) : chunk.readInt16LE(i) / 32768;
        sum += x * x;
        if (++count === frameSamples) {
          levels.push(frameLevelDb(sum, count));
          sum = 0;
          count = 0;
        }
      }
      position += usable;
      if (usable === 0) break;
    }
  } finally {
    await handle.close();
  }
  if (count > 0) levels.push(frameLevelDb(sum, count));
  return levels;
}
