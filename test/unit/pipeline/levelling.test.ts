import { decideLevelling, gatedLevelDb, MAX_GAIN_DB, noWordsReason, TARGET_SPEECH_DB } from '../../../functions/core/pipeline/levelling.js';
import { checkRecordingLength, MAX_RECORDING_SECONDS, RecordingTooLong } from '../../../functions/core/pipeline/media-probe.js';

/** Frame levels of a recording: `speech` frames of talk around `level` dBFS (±3 dB), `silence` frames at `floor`. */
function recording(level: number, speech: number, silence = 0, floor = -Infinity): number[] {
  const talk = Array.from({ length: speech }, (_, i) => level + (i % 7) - 3);
  return [...talk, ...Array.from({ length: silence }, () => floor)];
}

describe('loudness levelling decision', () => {
  it('leaves speech at an ordinary level untouched', () => {
    const decision = decideLevelling(recording(-24, 400, 200, -70));
    expect(decision).toMatchObject({ verdict: 'usable', gainDb: 0 });
    expect(decision.speechDb).toBeGreaterThan(-26);
  });

  it('raises quiet speech to the target, whatever it was attenuated by', () => {
    for (const attenuation of [20, 30, 40]) {
      const frames = recording(-24 - attenuation, 400, 100, -78 - attenuation);
      const { gainDb, speechDb } = decideLevelling(frames);
      expect(speechDb! + gainDb).toBeCloseTo(TARGET_SPEECH_DB, 0);
      expect(gainDb).toBeGreaterThan(attenuation - 3);
    }
  });

  it('measures the talk, not the silence around it: ten minutes of silence do not change the gain', () => {
    const alone = decideLevelling(recording(-50, 300));
    const withSilence = decideLevelling(recording(-50, 300, 12_000, -95));
    expect(withSilence.gainDb).toBe(alone.gainDb);
    // Pauses and breaths 10 dB under the talk are gated out as well.
    expect(gatedLevelDb([...recording(-30, 300), ...Array(300).fill(-48)])).toBeCloseTo(gatedLevelDb(recording(-30, 300))!, 0);
  });

  it('calls digital silence silent, and very faint sound very quiet but still raises it to the target', () => {
    expect(decideLevelling(recording(0, 0, 1000))).toEqual({ verdict: 'silent', speechDb: null, gainDb: 0 });
    expect(decideLevelling(recording(-125, 0, 1000, -125)).verdict).toBe('silent');
    // A FLEURS clip at −66 dBFS attenuated by 40 dB, measured in float before any rounding.
    const faint = decideLevelling(recording(-106, 200));
    expect(faint.verdict).toBe('very_quiet');
    expect(faint.speechDb! + faint.gainDb).toBeCloseTo(TARGET_SPEECH_DB, 0);
    expect(faint.gainDb).toBeLessThanOrEqual(MAX_GAIN_DB);
  });

  it('says why a recording has no words, in words for the host', () => {
    expect(noWordsReason({ verdict: 'silent', speechDb: null, gainDb: 0 }, 0)).toBe('No words: the recording is silent (no sound was recorded).');
    expect(noWordsReason({ verdict: 'very_quiet', speechDb: -70, gainDb: 47 }, 0)).toMatch(/^No words: the recording is too quiet to make out speech, even after its volume was raised/);
    expect(noWordsReason({ verdict: 'usable', speechDb: -24, gainDb: 0 }, 2)).toMatch(/speech was heard, but none of it could be made out/);
    expect(noWordsReason({ verdict: 'usable', speechDb: -24, gainDb: 0 }, 0)).toMatch(/no speech was found in it \(music, noise or silence only\)/);
    expect(noWordsReason(undefined, 0)).toMatch(/no speech was found/);
  });
});

describe('recording length limit', () => {
  it('accepts up to four hours and refuses longer, saying nothing was charged', () => {
    expect(() => checkRecordingLength(MAX_RECORDING_SECONDS)).not.toThrow();
    expect(() => checkRecordingLength(2 * 3600)).not.toThrow();
    expect(() => checkRecordingLength(4 * 3600 + 12 * 60)).toThrow(RecordingTooLong);
    expect(() => checkRecordingLength(4 * 3600 + 12 * 60)).toThrow('The recording is 4 h 12 min long; recordings of up to 4 hours can be transcribed. Split it into parts of 4 hours or less and upload them one at a time. No minutes were charged for it.');
  });
});
