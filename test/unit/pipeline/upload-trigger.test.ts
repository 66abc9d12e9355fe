import { InvalidProcessingTrigger, meetingIdFromUploadKey, parseProcessingTrigger, uploadKeyFor } from '../../../functions/core/pipeline/upload-trigger.js';
import { artefactKeys, uploadKeys } from '../../../functions/core/pipeline/artefact-keys.js';

const s3Event = (key: string) => ({
  version: '0', 'detail-type': 'Object Created', source: 'aws.s3',
  detail: { bucket: { name: 'media' }, object: { key, size: 12 } },
});

describe('parseProcessingTrigger', () => {
  it('reads the meeting id from an S3 Object Created event under uploads/', () => {
    expect(parseProcessingTrigger(s3Event('uploads/m-1/Weekly sync.mp4'))).toEqual({ meetingId: 'm-1', bucket: 'media', key: 'uploads/m-1/Weekly sync.mp4', size: 12 });
  });

  it('accepts a direct request naming the meeting', () => {
    expect(parseProcessingTrigger({ meetingId: 'abc_123' })).toEqual({ meetingId: 'abc_123' });
  });

  it.each([
    ['a key outside uploads/', s3Event('artefacts/m-1/x.json')],
    ['a key without a file name', s3Event('uploads/m-1/')],
    ['a meeting id with a path trick', { meetingId: '../etc' }],
    ['an unrelated event', { hello: 'world' }],
  ])('rejects %s', (_, input) => {
    expect(() => parseProcessingTrigger(input)).toThrow(InvalidProcessingTrigger);
  });
});

describe('uploadKeyFor', () => {
  it('round-trips through meetingIdFromUploadKey', () => {
    expect(meetingIdFromUploadKey(uploadKeyFor('m9', 'a.m4a'))).toBe('m9');
  });
});

describe('uploadKeys (the one builder and parser of upload keys)', () => {
  it('builds keys under the meeting prefix and reads the meeting back out of them, and of nothing else', () => {
    const key = uploadKeys.key('m9', 'recording.webm');
    expect(key.startsWith(uploadKeys.prefix('m9'))).toBe(true);
    expect(uploadKeys.meetingIdOf(key)).toBe('m9');
    expect(uploadKeys.meetingIdOf(artefactKeys.transcript('m9'))).toBeUndefined();
    expect(uploadKeys.meetingIdOf(uploadKeys.prefix('m9'))).toBeUndefined();
    expect(uploadKeys.meetingIdOf('uploads/../x/a.mp4')).toBeUndefined();
  });
});
