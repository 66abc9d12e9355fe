import { nameWordsByCues } from '../../../functions/core/speakers/name-by-cues.js';
import type { TimedWord } from '../../../functions/core/transcripts/transcribe-output.js';

const w = (text: string, start: number, speaker: string): TimedWord => ({ text, start, end: start + 0.4, speaker, confidence: 0.9 });

describe('nameWordsByCues', () => {
  it('names every word by the track that carries it on per-participant audio, whatever the clusters say', () => {
    const words = [w('hi', 0, 'spk_0'), w('there', 0.5, 'spk_0'), w('hello', 2, 'spk_0'), w('bye', 4, 'spk_1')];
    const named = nameWordsByCues(words, { version: 1, source: 'participant_audio', cues: [
      { start: 0, end: 1, name: 'Ann' }, { start: 1.9, end: 2.5, name: 'Bob' }, { start: 4.1, end: 4.3, name: 'Ann' },
    ] });
    expect(named.words.map((x) => x.speaker)).toEqual(['spk_0', 'spk_0', 'spk_1', 'spk_0']);
    expect(named.names).toEqual({ 'Speaker 1': 'Ann', 'Speaker 2': 'Bob' });
  });

  it('names each cluster by overlap on a timeline, merging clusters of one name and keeping unnamed clusters apart', () => {
    const words = [w('a', 0, 'spk_0'), w('b', 0.5, 'spk_0'), w('c', 3, 'spk_1'), w('d', 6, 'spk_2'), w('e', 20, 'spk_3')];
    const named = nameWordsByCues(words, { version: 1, source: 'timeline', cues: [
      { start: 0, end: 2.8, name: 'Ann' }, { start: 2.8, end: 5, name: 'Bob' }, { start: 5.5, end: 7, name: 'Ann' },
    ] });
    expect(named.words.map((x) => x.speaker)).toEqual(['spk_0', 'spk_0', 'spk_1', 'spk_0', 'spk_2']);
    expect(named.names).toEqual({ 'Speaker 1': 'Ann', 'Speaker 2': 'Bob', 'Speaker 3': 'Speaker 3' });
  });

  it('splits a cluster where the timeline gives a long run of its words to someone else, not for a word or two', () => {
    const words = [
      ...[0, 0.5, 1, 1.5].map((t) => w('ann', t, 'spk_0')),
      ...[2, 2.5, 3, 3.5, 4].map((t) => w('bob', t, 'spk_0')),
      w('blip', 6, 'spk_0'), ...[6.5, 7, 7.5, 8].map((t) => w('ann', t, 'spk_0')),
    ];
    const cues = [{ start: 0, end: 1.95, name: 'Ann' }, { start: 1.95, end: 4.6, name: 'Bob' }, { start: 5.9, end: 6.4, name: 'Bob' }, { start: 6.4, end: 9, name: 'Ann' }];
    const named = nameWordsByCues(words, { version: 1, source: 'transcript', cues });
    const byName = named.words.map((x) => named.names[`Speaker ${Number(x.speaker.slice(4)) + 1}`]);
    expect(byName).toEqual(['Ann', 'Ann', 'Ann', 'Ann', 'Bob', 'Bob', 'Bob', 'Bob', 'Bob', 'Ann', 'Ann', 'Ann', 'Ann', 'Ann']);
  });

  it('answers the words unchanged without cues', () => {
    const words = [w('a', 0, 'spk_0')];
    expect(nameWordsByCues(words, { version: 1, source: 'timeline', cues: [] })).toEqual({ words, names: {} });
  });
});
