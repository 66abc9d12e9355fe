import { fallbackReason, MIN_AVERAGE_LOGPROB } from '../../../local/engines/whisper/fallback.js';
import { dftFilters, replaceStftWithConv, type OnnxGraph } from '../../../local/engines/whisper/stft-conv.js';

const SPEECH = 'And so, my fellow Americans, ask not what your country can do for you; ask what you can do for your country.';

describe('a narrow first decoding with the full beam as its fallback (native Whisper)', () => {
  it('keeps a first decoding that ended, is confident enough and does not loop', () => {
    expect(fallbackReason({ text: SPEECH, averageLogprob: -0.33, ended: true })).toBeUndefined();
    // Whisper's threshold itself is still kept; just under it is not.
    expect(fallbackReason({ text: SPEECH, averageLogprob: MIN_AVERAGE_LOGPROB, ended: true })).toBeUndefined();
    expect(fallbackReason({ text: '', averageLogprob: -0.2, ended: true })).toBeUndefined();
  });

  it('decodes again when the first result is unsure, loops or never ended', () => {
    expect(fallbackReason({ text: SPEECH, averageLogprob: -1.01, ended: true })).toBe('average log-probability under -1');
    const loop = Array.from({ length: 8 }, (_, i) => `the meeting is over ${i % 2 ? 'now' : 'today'} and`).join(' ');
    expect(fallbackReason({ text: loop, averageLogprob: -0.1, ended: true })).toBe('compression ratio over 2.4');
    expect(fallbackReason({ text: SPEECH, averageLogprob: -0.1, ended: false })).toBe('no end of text');
  });
});

describe('the STFT as a convolution', () => {
  const hann = Float32Array.from({ length: 400 }, (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / 400));

  it('has the windowed one-sided DFT of a frame as its filters (cosine rows, then minus-sine rows)', () => {
    const { weights, bins } = dftFilters(hann);
    expect(bins).toBe(201);
    expect(weights).toHaveLength(402 * 400);
    let seed = 7;
    const frame = Float64Array.from({ length: 400 }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647) - 0.5);
    for (const k of [0, 1, 37, 200]) {
      let re = 0; let im = 0; let fRe = 0; let fIm = 0;
      for (let t = 0; t < 400; t++) {
        re += frame[t]! * hann[t]! * Math.cos((2 * Math.PI * k * t) / 400);
        im -= frame[t]! * hann[t]! * Math.sin((2 * Math.PI * k * t) / 400);
        fRe += frame[t]! * weights[k * 400 + t]!;
        fIm += frame[t]! * weights[(201 + k) * 400 + t]!;
      }
      expect(fRe).toBeCloseTo(re, 4);
      expect(fIm).toBeCloseTo(im, 4);
    }
    // A cosine at bin 25 puts its energy there, half the window's sum.
    const tone = Float64Array.from({ length: 400 }, (_, t) => Math.cos((2 * Math.PI * 25 * t) / 400));
    const power = (k: number) => {
      let re = 0; let im = 0;
      for (let t = 0; t < 400; t++) { re += tone[t]! * weights[k * 400 + t]!; im += tone[t]! * weights[(201 + k) * 400 + t]!; }
      return Math.hypot(re, im);
    };
    expect(power(25)).toBeCloseTo(100, 2);
    expect(power(60)).toBeLessThan(1e-3);
  });

  const int64 = (name: string, ...values: bigint[]) => ({ name, dataType: 7, dims: values.length > 1 ? [values.length] : [], rawData: new Uint8Array(BigInt64Array.from(values).buffer) });
  const graph = (): OnnxGraph => ({
    initializer: [],
    node: [
      { opType: 'Constant', input: [], output: ['hop'], attribute: [{ name: 'value', t: int64('', 160n) }] },
      { opType: 'Constant', input: [], output: ['window'], attribute: [{ name: 'value', t: { dataType: 1, dims: [400], rawData: new Uint8Array(hann.buffer) } }] },
      { opType: 'Constant', input: [], output: ['length'], attribute: [{ name: 'value', t: int64('', 400n) }] },
      { opType: 'Pad', input: ['audio', 'pads'], output: ['padded'], attribute: [] },
      { opType: 'STFT', input: ['padded', 'hop', 'window', 'length'], output: ['stft'], attribute: [{ name: 'onesided', i: 1 }] },
      { opType: 'Transpose', input: ['stft'], output: ['after'], attribute: [] },
    ],
  });

  it('replaces the STFT node by Unsqueeze → Conv (stride = hop) → Reshape → Transpose giving the same output name', () => {
    const g = graph();
    replaceStftWithConv(g);
    expect(g.node.map((n) => n.opType)).toEqual(['Pad', 'Unsqueeze', 'Conv', 'Reshape', 'Transpose', 'Transpose']);
    const conv = g.node.find((n) => n.opType === 'Conv')!;
    expect(conv.attribute.find((a) => a.name === 'strides')?.ints).toEqual([160]);
    expect(g.initializer.find((t) => t.name === conv.input[1])?.dims).toEqual([402, 1, 400]);
    expect(g.node[4]!.output).toEqual(['stft']);
    expect(g.node[1]!.input[0]).toBe('padded');
  });

  it('refuses an STFT it cannot express as a convolution', () => {
    const g = graph();
    g.node[4]!.input[1] = 'computed hop';
    expect(() => replaceStftWithConv(g)).toThrow(/constant hop/);
    const twoSided = graph();
    twoSided.node[4]!.attribute = [{ name: 'onesided', i: 0 }];
    expect(() => replaceStftWithConv(twoSided)).toThrow(/one-sided/);
  });
});
