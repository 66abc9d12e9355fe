import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureFrameLevels } from '../../../functions/adapters/media/levels.js';
import { writeWav } from '../../../local/engines/audio.js';

/** A 32-bit float mono WAV (format 3) of `samples`. */
function floatWav(samples: Float32Array, rate = 16_000): Buffer {
  const data = Buffer.alloc(samples.length * 4);
  samples.forEach((x, i) => data.writeFloatLE(x, i * 4));
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii'); head.writeUInt32LE(36 + data.length, 4); head.write('WAVE', 8, 'ascii');
  head.write('fmt ', 12, 'ascii'); head.writeUInt32LE(16, 16); head.writeUInt16LE(3, 20); head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24); head.writeUInt32LE(rate * 4, 28); head.writeUInt16LE(4, 32); head.writeUInt16LE(32, 34);
  head.write('data', 36, 'ascii'); head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

const sine = (seconds: number, amplitude: number) => Float32Array.from({ length: seconds * 16_000 }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / 16_000));

describe('frame levels of a WAV file', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'levels-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads 16-bit PCM in 50 ms frames: a sine of amplitude 0.1 is −23 dBFS RMS', async () => {
    const file = path.join(dir, 's16.wav');
    await writeWav(file, { samples: sine(2, 0.1), sampleRate: 16_000 });
    const levels = await measureFrameLevels(file);
    expect(levels).toHaveLength(40);
    for (const db of levels) expect(db).toBeCloseTo(-23, 0);
  });

  it('reads 32-bit float, keeping a voice 100 dB down that 16 bits would round to zero', async () => {
    const file = path.join(dir, 'f32.wav');
    await writeFile(file, floatWav(sine(1, 0.1 * 10 ** (-100 / 20))));
    const levels = await measureFrameLevels(file);
    expect(levels).toHaveLength(20);
    for (const db of levels) expect(db).toBeCloseTo(-123, 0);
  });
});
