import { claimTranscriptImport, parseTranscriptImportTrigger, registerImportedTranscript } from '../../../functions/core/pipeline/transcript-import-run.js';
import { failRun } from '../../../functions/core/pipeline/run-rules.js';
import { buildImportedTranscript } from '../../../functions/core/transcripts/import/imported-document.js';
import { inMemoryPipeline } from './in-memory-pipeline.js';

const run = { meetingId: 'm1', importId: 'abcdef0123456789', executionId: 'exec-1', key: 'artefacts/m1/transcript.json' };

describe('the transcript branch of the state machine', () => {
  it('reads the import trigger and refuses anything else', () => {
    expect(parseTranscriptImportTrigger({ source: 'transcript', meetingId: 'm1', importId: 'abcdef0123456789' })).toEqual({ meetingId: 'm1', importId: 'abcdef0123456789' });
    expect(() => parseTranscriptImportTrigger({ source: 'aws.s3', meetingId: 'm1', importId: 'abcdef0123456789' })).toThrow('Expected {source: "transcript", meetingId, importId}');
    expect(() => parseTranscriptImportTrigger({ source: 'transcript', meetingId: 'm1', importId: '../x' })).toThrow();
  });

  it('claims an import once, even for a host without minutes, and lets the same execution resume', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    p.setMinutesLeft('host', -5);
    expect(await claimTranscriptImport(p.ports, run)).toEqual({ outcome: 'claimed', attempt: 1 });
    expect(p.states.get('m1')).toMatchObject({ status: 'queued', uploadEtag: run.importId, minutesCharged: 0 });
    expect(await claimTranscriptImport(p.ports, run)).toEqual({ outcome: 'claimed', attempt: 1 });
    expect(await claimTranscriptImport(p.ports, { ...run, executionId: 'exec-2' })).toEqual({ outcome: 'already_processing', attempt: 1 });
    p.deleteMeeting('m1');
    expect(await claimTranscriptImport(p.ports, { ...run, executionId: 'exec-3' })).toEqual({ outcome: 'meeting_not_found', attempt: 0 });
  });

  it('makes the stored document the meeting\'s transcript with the file\'s names, ready, with no minutes; a later failure refunds nothing', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimTranscriptImport(p.ports, run);
    const { document } = buildImportedTranscript('m1', [
      { speaker: 'Ann', text: 'We ship on Friday.', start: 0, end: 20, line: 1 }, { speaker: 'Raj', text: 'Agreed.', start: 20, end: 42, line: 2 },
    ]);
    const files = new Map([[run.key, JSON.stringify(document)]]);
    const artefacts = { getText: async (key: string) => files.get(key)!, putText: async (key: string, text: string) => { files.set(key, text); } };

    const result = await registerImportedTranscript({ ...p.ports, artefacts }, 'm1', run.key, 'artefacts/m1/speaker_labeled_transcript.txt');

    expect(result).toEqual({ jsonKey: run.key, textKey: 'artefacts/m1/speaker_labeled_transcript.txt', turns: 2, speakers: 2, speechSeconds: 42 });
    expect(files.get('artefacts/m1/speaker_labeled_transcript.txt')).toBe('[00:00:00] Ann: We ship on Friday.\n[00:00:20] Raj: Agreed.\n');
    expect(p.transcriptRecords.get('m1')).toMatchObject({ speakers: ['Speaker 1', 'Speaker 2'], speakerNames: { 'Speaker 1': 'Ann', 'Speaker 2': 'Raj' } });
    expect(p.states.get('m1')).toMatchObject({ status: 'processing', step: 'BuildTranscript', artefacts: { transcript: 'ready' }, minutesCharged: 0, durationSeconds: 42, tooShort: false });
    expect(await failRun(p.ports, { meetingId: 'm1', etag: run.importId, executionId: run.executionId }, { Error: 'X', Cause: 'boom' })).toMatchObject({ minutesRefunded: 0 });
    expect(p.states.get('m1')!.artefacts.transcript).toBe('ready');
  });
});
