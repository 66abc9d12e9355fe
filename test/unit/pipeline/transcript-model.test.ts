import { formatClock, formatDisplayTime, renderTranscriptText } from '../../../functions/core/transcripts/format.js';
import { applySpeakerNames, defaultSpeakerNames, SPEAKER_NAME_MESSAGES } from '../../../functions/core/transcripts/speaker-names.js';
import type { TimedWord } from '../../../functions/core/transcripts/transcribe-output.js';
import { buildTurns, speakerDisplayName, speakersOf, speechSeconds } from '../../../functions/core/transcripts/turns.js';
import { ValidationFailed } from '../../../functions/core/errors.js';
import { BadRequest } from '../../../functions/core/meetings/errors.js';

const word = (text: string, start: number, end: number, speaker = 'spk_0'): TimedWord => ({ text, start, end, speaker, confidence: 0.9 });

describe('buildTurns', () => {
  it('starts a new turn when the speaker changes', () => {
    const turns = buildTurns([word('Hello', 0, 0.5), word('there.', 0.5, 1), word('Hi!', 1.2, 1.5, 'spk_1'), word('Yes', 1.6, 2)]);
    expect(turns.map((t) => [t.speaker, t.speakerLabel, t.start, t.end, t.text])).toEqual([
      ['Speaker 1', 'spk_0', 0, 1, 'Hello there.'],
      ['Speaker 2', 'spk_1', 1.2, 1.5, 'Hi!'],
      ['Speaker 1', 'spk_0', 1.6, 2, 'Yes'],
    ]);
    expect(turns[0]!.words).toEqual([{ text: 'Hello', start: 0, end: 0.5, confidence: 0.9 }, { text: 'there.', start: 0.5, end: 1, confidence: 0.9 }]);
  });

  it('starts a new turn after a pause of two seconds, and once a turn would pass 30 seconds', () => {
    expect(buildTurns([word('a', 0, 1), word('b', 2.9, 3), word('c', 5, 6)]).map((t) => t.text)).toEqual(['a b', 'c']);
    const monologue = Array.from({ length: 40 }, (_, i) => word(`w${i}`, i, i + 0.9));
    expect(buildTurns(monologue).map((t) => [t.start, t.words.length])).toEqual([[0, 30], [30, 10]]);
  });

  it('makes nothing of no words', () => {
    expect(buildTurns([])).toEqual([]);
  });
});

describe('speakers and speech time', () => {
  it('numbers Transcribe labels from 1 and keeps other labels', () => {
    expect(speakerDisplayName('spk_0')).toBe('Speaker 1');
    expect(speakerDisplayName('spk_9')).toBe('Speaker 10');
    expect(speakerDisplayName('guest')).toBe('guest');
  });

  it('lists speakers by first appearance and sums the turns, not the pauses', () => {
    const turns = buildTurns([word('a', 0, 4, 'spk_1'), word('b', 10, 12, 'spk_0'), word('c', 20, 21, 'spk_1')]);
    expect(speakersOf(turns)).toEqual(['Speaker 2', 'Speaker 1']);
    expect(speechSeconds(turns)).toBe(7);
  });
});

describe('formatClock (HH:mm:ss, transcript lines)', () => {
  it.each([[0, '00:00:00'], [59.99, '00:00:59'], [61, '00:01:01'], [3599, '00:59:59'], [3600, '01:00:00'], [36_000 + 62, '10:01:02'], [-3, '00:00:00']])(
    '%s s → %s', (seconds, text) => { expect(formatClock(seconds)).toBe(text); },
  );
});

describe('formatDisplayTime (m:ss, or H:mm:ss from an hour)', () => {
  it.each([[0, '0:00'], [65, '1:05'], [599, '9:59'], [3599, '59:59'], [3600, '1:00:00'], [7325, '2:02:05']])(
    '%s s → %s', (seconds, text) => { expect(formatDisplayTime(seconds)).toBe(text); },
  );
});

describe('renderTranscriptText', () => {
  const turns = buildTurns([word('Hello.', 3, 4), word('Hi.', 65, 66, 'spk_1')]);

  it('writes one [HH:mm:ss] Speaker N: line per turn', () => {
    expect(renderTranscriptText(turns)).toBe('[00:00:03] Speaker 1: Hello.\n[00:01:05] Speaker 2: Hi.\n');
  });

  it('substitutes the names given, leaving unnamed speakers labelled', () => {
    expect(renderTranscriptText(turns, { 'Speaker 2': 'Ada Lovelace' })).toBe('[00:00:03] Speaker 1: Hello.\n[00:01:05] Ada Lovelace: Hi.\n');
  });
});

describe('applySpeakerNames', () => {
  const current = defaultSpeakerNames(['Speaker 1', 'Speaker 2']);

  it('renames the speakers given, trimmed, and keeps the others', () => {
    expect(applySpeakerNames(current, { 'Speaker 2': '  Grace   Hopper ' })).toEqual({ 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Grace Hopper' });
  });

  it('refuses an edit that changes nothing with the spec message', () => {
    expect(() => applySpeakerNames(current, { 'Speaker 1': ' Speaker 1 ' })).toThrow(new BadRequest(SPEAKER_NAME_MESSAGES.unchanged));
    expect(() => applySpeakerNames(current, {})).toThrow(BadRequest);
  });

  it('refuses empty names and labels the transcript does not have, as field errors', () => {
    let thrown: unknown;
    try { applySpeakerNames(current, { 'Speaker 1': '  ', 'Speaker 7': 'X' }); } catch (error) { thrown = error; }
    expect(thrown).toBeInstanceOf(ValidationFailed);
    expect((thrown as ValidationFailed).fields).toEqual({ speakerNames: [SPEAKER_NAME_MESSAGES.required, SPEAKER_NAME_MESSAGES.unknown('Speaker 7')] });
    expect(() => applySpeakerNames(current, { 'Speaker 1': 'x'.repeat(101) })).toThrow(ValidationFailed);
  });
});
