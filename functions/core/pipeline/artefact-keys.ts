/**
 * The media bucket's one key layout: a meeting's recordings under uploads/{meetingId}/ (whose object-created event starts
 * the pipeline, which reads the meeting id back out of the key) and its artefacts under artefacts/{meetingId}/, both
 * removed with the meeting.
 */
export const UPLOAD_PREFIX = 'uploads/';
export const ARTEFACTS_PREFIX = 'artefacts/';
const MEETING_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The builder and parser of upload keys. */
export const uploadKeys = {
  prefix: (meetingId: string) => `${UPLOAD_PREFIX}${meetingId}/`,
  key: (meetingId: string, fileName: string) => `${UPLOAD_PREFIX}${meetingId}/${fileName}`,
  /** The meeting of an upload key `uploads/{meetingId}/{file}`; undefined for any other key. */
  meetingIdOf(key: string): string | undefined {
    const [prefix, meetingId, ...rest] = key.split('/');
    return `${prefix}/` === UPLOAD_PREFIX && meetingId && MEETING_ID.test(meetingId) && rest.join('/') !== '' ? meetingId : undefined;
  },
};

/** Where a meeting's artefacts live in the media bucket. */
export const artefactKeys = {
  prefix: (meetingId: string) => `${ARTEFACTS_PREFIX}${meetingId}/`,
  audio: (meetingId: string) => `artefacts/${meetingId}/audio.wav`,
  transcribeOutput: (meetingId: string) => `artefacts/${meetingId}/transcribe-output.json`,
  transcript: (meetingId: string) => `artefacts/${meetingId}/transcript.json`,
  transcriptText: (meetingId: string) => `artefacts/${meetingId}/speaker_labeled_transcript.txt`,
  /** Who spoke when, from the meeting service (imports only; names and times, no voice features). */
  speakerCues: (meetingId: string) => `artefacts/${meetingId}/speaker-cues.json`,
  sentiments: (meetingId: string) => `artefacts/${meetingId}/sentiments.json`,
  /** A video frame at its position (the thumbnail and OCR result sit beside it: frameThumbnail, frameOcr). */
  frame: (meetingId: string, position: number) => `artefacts/${meetingId}/frames/${String(position).padStart(5, '0')}.jpg`,
  frameThumbnail: (frameKey: string) => frameKey.replace(/\.jpg$/, '.thumb.jpg'),
  frameOcr: (frameKey: string) => frameKey.replace(/\.jpg$/, '.ocr.json'),
  /** The slides IndexFrames found (core/search/slides.ts), read by chapters. */
  slides: (meetingId: string) => `artefacts/${meetingId}/slides.json`,
};

/**
 * Transcription job name for one attempt at one upload: unique per account, stable when a run is resumed,
 * so a restarted run finds its job instead of starting another.
 */
export function transcriptionJobName(meetingId: string, etag: string, attempt: number): string {
  return `meetscribe-${meetingId}-${etag}-${attempt}`.replace(/[^0-9A-Za-z._-]/g, '').slice(0, 200);
}
