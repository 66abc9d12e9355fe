import { buildTranscribeOutput } from '../../../local/transcribe/output.js';

const words = [
  { text: 'so', start: 0.5, end: 0.8, confidence: 0.91234, speaker: 0 },
  { text: 'i', start: 0.85, end: 1, confidence: 0.5, speaker: 0 },
  { text: 'agree', start: 1.9, end: 2.25, confidence: 1, speaker: 1 },
];

describe('buildTranscribeOutput', () => {
  it('builds the documented Transcribe JSON with speaker labels', () => {
    expect(buildTranscribeOutput('job-1', '000000000000', { words, speakers: 2 }, true)).toEqual({
      jobName: 'job-1', accountId: '000000000000', status: 'COMPLETED',
      results: {
        transcripts: [{ transcript: 'So I. Agree.' }],
        speaker_labels: {
          speakers: 2,
          segments: [
            { start_time: '0.500', end_time: '1.000', speaker_label: 'spk_0', items: [
              { start_time: '0.500', end_time: '0.800', speaker_label: 'spk_0' },
              { start_time: '0.850', end_time: '1.000', speaker_label: 'spk_0' },
            ] },
            { start_time: '1.900', end_time: '2.250', speaker_label: 'spk_1', items: [{ start_time: '1.900', end_time: '2.250', speaker_label: 'spk_1' }] },
          ],
        },
        items: [
          { start_time: '0.500', end_time: '0.800', alternatives: [{ confidence: '0.9123', content: 'So' }], type: 'pronunciation', speaker_label: 'spk_0' },
          { start_time: '0.850', end_time: '1.000', alternatives: [{ confidence: '0.5', content: 'I' }], type: 'pronunciation', speaker_label: 'spk_0' },
          { alternatives: [{ confidence: '0.0', content: '.' }], type: 'punctuation', speaker_label: 'spk_0' },
          { start_time: '1.900', end_time: '2.250', alternatives: [{ confidence: '1', content: 'Agree' }], type: 'pronunciation', speaker_label: 'spk_1' },
          { alternatives: [{ confidence: '0.0', content: '.' }], type: 'punctuation', speaker_label: 'spk_1' },
        ],
      },
    });
  });

  it('leaves speaker labels out when they were not asked for', () => {
    const output = buildTranscribeOutput('job-2', '000000000000', { words, speakers: 2 }, false);
    expect(output.results.speaker_labels).toBeUndefined();
    expect(output.results.items.some((i) => 'speaker_label' in i)).toBe(false);
  });

  it('gives an empty transcript for silence', () => {
    expect(buildTranscribeOutput('job-3', '000000000000', { words: [], speakers: 0 }, true).results).toEqual({ transcripts: [{ transcript: '' }], items: [], speaker_labels: { speakers: 0, segments: [] } });
  });
});
