/**
 * What the pipeline needs to know about an uploaded file, decided from ffprobe's JSON
 * (`-show_format -show_streams`): is it a recording, how long, is it long enough for notes.
 */
export interface ProbeReport {
  readonly format?: { readonly format_name?: string; readonly duration?: string };
  readonly streams?: ReadonlyArray<{ readonly codec_type?: string; readonly codec_name?: string; readonly duration?: string }>;
}

export interface MediaFacts {
  readonly formatName: string;
  readonly hasAudio: boolean;
  readonly hasVideo: boolean;
  /** Seconds, or null when the container does not say (a browser's webm before remuxing). */
  readonly durationSeconds: number | null;
}

/** A recording with less talk than this (seconds) is processed but flagged: notes and sentiments are unreliable (spec §1). */
export const MIN_SPEECH_SECONDS = 30;

/** The longest recording transcribed: Amazon Transcribe's limit for one job (4 hours). */
export const MAX_RECORDING_SECONDS = 4 * 3600;

/** Longer than MAX_RECORDING_SECONDS: refused before any minutes are charged. */
export class RecordingTooLong extends Error {
  readonly name = 'RecordingTooLong';
}

/** Throws RecordingTooLong, with a message for the host, when `durationSeconds` is over the limit. */
export function checkRecordingLength(durationSeconds: number): void {
  if (durationSeconds <= MAX_RECORDING_SECONDS) return;
  const minutes = Math.ceil(durationSeconds / 60);
  throw new RecordingTooLong(`The recording is ${Math.floor(minutes / 60)} h ${minutes % 60} min long; recordings of up to 4 hours can be transcribed. ` +
    'Split it into parts of 4 hours or less and upload them one at a time. No minutes were charged for it.');
}

export class NotMediaFile extends Error {
  readonly name = 'NotMediaFile';
}

export class NoAudioTrack extends Error {
  readonly name = 'NoAudioTrack';
}

const STILL_IMAGE_CODECS = new Set(['png', 'mjpeg', 'bmp', 'gif', 'webp', 'tiff', 'jpeg2000', 'ansi', 'tty']);
const NOT_MEDIA_REASON = 'The uploaded file is not an audio or video recording. Upload an mp4 or m4a file.';

/**
 * Reads ffprobe's report. Throws NotMediaFile when it shows no audio/video (text, images, documents),
 * NoAudioTrack for a video without sound (nothing to transcribe).
 */
export function mediaFacts(report: ProbeReport): MediaFacts {
  const streams = report.streams ?? [];
  const formatName = report.format?.format_name ?? '';
  const audio = streams.filter((s) => s.codec_type === 'audio');
  const video = streams.filter((s) => s.codec_type === 'video' && !STILL_IMAGE_CODECS.has(s.codec_name ?? ''));
  if ((audio.length === 0 && video.length === 0) || formatName.endsWith('_pipe') || formatName === 'image2' || formatName === 'tty') {
    throw new NotMediaFile(NOT_MEDIA_REASON);
  }
  if (audio.length === 0) throw new NoAudioTrack('The recording has no sound track, so there is nothing to transcribe.');
  const valid = (value: string | undefined) => (Number.isFinite(Number(value)) && Number(value) > 0 ? Number(value) : undefined);
  const streamDurations = streams.map((s) => valid(s.duration)).filter((d): d is number => d !== undefined);
  const durationSeconds = valid(report.format?.duration) ?? (streamDurations.length ? Math.max(...streamDurations) : null);
  return { formatName, hasAudio: true, hasVideo: video.length > 0, durationSeconds };
}

/** End of a meeting from its start and the recording's length (ISO), for meetings the upload left without one. */
export function endTimeFrom(startTimeIso: string, durationSeconds: number): string {
  return new Date(Date.parse(startTimeIso) + Math.round(durationSeconds * 1000)).toISOString();
}
