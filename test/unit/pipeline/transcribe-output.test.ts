import { InvalidTranscribeOutput, parseTranscribeOutput } from '../../../functions/core/transcripts/transcribe-output.js';

/** A document in Amazon Transcribe's documented output format (speaker labels on, as our jobs ask). */
const document = {
  jobName: 'meetscribe-m1-abc-1', accountId: '000000000000', status: 'COMPLETED',
  results: {
    transcripts: [{ transcript: 'Hello there. Hi, Ada!' }],
    speaker_labels: {
      speakers: 2, channel_label: 'ch_0',
      segments: [
        { start_time: '0.5', end_time: '1.4', speaker_label: 'spk_0', items: [{ start_time: '0.5', end_time: '0.9', speaker_label: 'spk_0' }, { start_time: '0.9', end_time: '1.4', speaker_label: 'spk_0' }] },
        { start_time: '2.0', end_time: '3.1', speaker_label: 'spk_1', items: [{ start_time: '2.0', end_time: '2.3', speaker_label: 'spk_1' }, { start_time: '2.4', end_time: '3.1', speaker_label: 'spk_1' }] },
      ],
    },
    items: [
      { type: 'pronunciation', start_time: '0.5', end_time: '0.9', alternatives: [{ confidence: '0.99', content: 'Hello' }] },
      { type: 'pronunciation', start_time: '0.9', end_time: '1.4', alternatives: [{ confidence: '0.87', content: 'there' }] },
      { type: 'punctuation', alternatives: [{ confidence: '0.0', content: '.' }] },
      { type: 'pronunciation', start_time: '2.0', end_time: '2.3', alternatives: [{ confidence: '1.0', content: 'Hi' }] },
      { type: 'punctuation', alternatives: [{ confidence: '0.0', content: ',' }] },
      { type: 'pronunciation', start_time: '2.4', end_time: '3.1', alternatives: [{ confidence: '0.5', content: 'Ada' }] },
      { type: 'punctuation', alternatives: [{ confidence: '0.0', content: '!' }] },
    ],
  },
};

describe('parseTranscribeOutput', () => {
  it('reads words with times, confidences and the speaker of the segment that covers them, punctuation attached', () => {
    expect(parseTranscribeOutput(document)).toEqual([
      { text: 'Hello', start: 0.5, end: 0.9, speaker: 'spk_0', confidence: 0.99 },
      { text: 'there.', start: 0.9, end: 1.4, speaker: 'spk_0', confidence: 0.87 },
      { text: 'Hi,', start: 2.0, end: 2.3, speaker: 'spk_1', confidence: 1 },
      { text: 'Ada!', start: 2.4, end: 3.1, speaker: 'spk_1', confidence: 0.5 },
    ]);
  });

  it("prefers an item's own speaker_label (the newer output format) over the segments", () => {
    const items = document.results.items.map((item, i) => (i === 0 ? { ...item, speaker_label: 'spk_3' } : item));
    expect(parseTranscribeOutput({ results: { ...document.results, items } })[0]!.speaker).toBe('spk_3');
  });

  it('gives a word between two segments to the nearer one, and spk_0 when there are no speaker labels', () => {
    const between = { type: 'pronunciation', start_time: '1.8', end_time: '1.9', alternatives: [{ content: 'um' }] };
    expect(parseTranscribeOutput({ results: { ...document.results, items: [between] } })[0]).toMatchObject({ speaker: 'spk_1', confidence: null });
    const { speaker_labels: _unused, ...withoutLabels } = document.results;
    expect(parseTranscribeOutput({ results: withoutLabels }).map((w) => w.speaker)).toEqual(['spk_0', 'spk_0', 'spk_0', 'spk_0']);
  });

  it('reads an empty transcript as no words, and a leading punctuation item as nothing', () => {
    expect(parseTranscribeOutput({ results: { transcripts: [{ transcript: '' }], items: [{ type: 'punctuation', alternatives: [{ content: '.' }] }] } })).toEqual([]);
  });

  it.each([
    ['no results', { jobName: 'x' }],
    ['a non-numeric time', { results: { transcripts: [], items: [{ type: 'pronunciation', start_time: 'soon', end_time: '1', alternatives: [{ content: 'a' }] }] } }],
    ['null', null],
  ])('rejects a document with %s', (_, input) => {
    expect(() => parseTranscribeOutput(input)).toThrow(InvalidTranscribeOutput);
  });
});
