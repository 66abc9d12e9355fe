import { clockSeconds, parseVttSpeakers, parseZoomTimeline, participantName } from '../../../functions/core/speakers/cues.js';
import { pcm16ToFloat, speechStretches } from '../../../functions/core/speakers/speech-activity.js';

describe('speaker cues of the meeting services', () => {
  it('reads clock times of VTT and Zoom timelines', () => {
    expect(clockSeconds('00:01:02.500')).toBe(62.5);
    expect(clockSeconds('01:02,25')).toBe(62.25);
    expect(clockSeconds('soon')).toBeNaN();
  });

  it('turns a Zoom TIMELINE into the active speaker from one timestamp to the next', () => {
    const timeline = { timeline: [
      { ts: '00:00:00.000', users: [{ username: 'Ann Lee', multiple_people: false, user_id: '1' }] },
      { ts: '00:00:04.200', users: [{ username: 'Bob', user_id: '2' }] },
      { ts: '00:00:07.000', users: [] },
      { ts: '00:00:08.000', users: [{ username: 'Ann Lee' }] },
    ] };
    expect(parseZoomTimeline(timeline, 10)).toEqual([
      { start: 0, end: 4.2, name: 'Ann Lee' }, { start: 4.2, end: 7, name: 'Bob' }, { start: 8, end: 10, name: 'Ann Lee' },
    ]);
    expect(parseZoomTimeline({ nope: 1 })).toEqual([]);
  });

  it('reads the speaker of each VTT cue from <v Name> and from a leading "Name: "', () => {
    const vtt = 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.000\n<v Priya Shah>Hello all.</v>\n\n2\n00:00:03.500 --> 00:00:05.000\nTom: Hi.\n\n00:00:06.000 --> 00:00:07.000\nno speaker here\n';
    expect(parseVttSpeakers(vtt)).toEqual([{ start: 1, end: 3, name: 'Priya Shah' }, { start: 3.5, end: 5, name: 'Tom' }]);
  });

  it("takes a participant's name from Zoom's file_name", () => {
    expect(participantName('Audio only - Tom Jones')).toBe('Tom Jones');
    expect(participantName('Priya.m4a')).toBe('Priya');
  });

  it('finds the speech of one track against its own noise floor', () => {
    const rate = 16_000;
    const samples = new Float32Array(rate * 3);
    for (let i = rate; i < rate * 2; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate);
    for (let i = 0; i < samples.length; i += 7) samples[i] += 0.0005;
    const stretches = speechStretches(samples, rate);
    expect(stretches).toHaveLength(1);
    expect(stretches[0]!.start).toBeCloseTo(1, 1);
    expect(stretches[0]!.end).toBeCloseTo(2, 1);
    expect(pcm16ToFloat(new Uint8Array([0, 0x80, 0xff, 0x7f]))[0]).toBe(-1);
  });
});
