/**
 * Provider recordings as the import sees them, and the rules for choosing the file to import:
 * a video with the speaker and audio first, then other videos, then audio-only m4a; never transcripts, chat or timelines.
 */
import type { ServiceId } from './services.js';

/** One downloadable file of a provider recording. */
export interface RecordingFile {
  readonly id: string;
  readonly fileType: string;
  readonly recordingType?: string;
  readonly sizeBytes?: number;
  readonly downloadUrl: string;
  readonly status?: string;
}

/** What an import needs to know about a provider recording. */
export interface ProviderRecording {
  readonly service: ServiceId;
  /** The provider's id of this recording (Zoom: meeting instance uuid; Webex: recording id): the import key. */
  readonly recordingId: string;
  readonly topic: string;
  /** ISO. */
  readonly startTime: string;
  readonly durationSeconds: number;
  /** Zoom: from the webhook/list; Webex: resolved right before download (direct links expire). */
  readonly files: readonly RecordingFile[];
  /** The host prevents downloading (Webex omits the direct links): the import fails with that reason. */
  readonly downloadDisabled?: boolean;
  /** What the service knows about who spoke (issue 30; docs/speech.md, Speaker names from the meeting service). */
  readonly speakerFiles?: SpeakerFiles;
}

/** The files that say who spoke, as a service offers them with a recording (each optional). */
export interface SpeakerFiles {
  /** Zoom `participant_audio_files`: one audio track per participant, with the participant's name. */
  readonly participantAudio?: ReadonlyArray<{ readonly name: string; readonly file: RecordingFile }>;
  /** Zoom's `TIMELINE` JSON (the active speaker over time). */
  readonly timeline?: RecordingFile;
  /** A WebVTT transcript with speaker names (Zoom `TRANSCRIPT`, Webex meeting transcript). */
  readonly transcript?: RecordingFile;
}

/** Zoom `recording_type` values, best first (a speaker-view video has the speaker and the audio). */
const ZOOM_VIDEO_PREFERENCE = [
  'shared_screen_with_speaker_view', 'shared_screen_with_speaker_view(cc)', 'active_speaker', 'speaker_view',
  'shared_screen_with_gallery_view', 'gallery_view', 'shared_screen',
];

/** The file to import, or undefined when the recording has no usable media file. */
export function chooseRecordingFile(files: readonly RecordingFile[]): RecordingFile | undefined {
  const usable = files.filter((f) => f.downloadUrl && (!f.status || f.status.toLowerCase() === 'completed'));
  const videos = usable.filter((f) => f.fileType.toUpperCase() === 'MP4');
  const rank = (f: RecordingFile) => {
    const i = ZOOM_VIDEO_PREFERENCE.indexOf((f.recordingType ?? '').toLowerCase());
    return i === -1 ? ZOOM_VIDEO_PREFERENCE.length : i;
  };
  const bestVideo = [...videos].sort((a, b) => rank(a) - rank(b))[0];
  if (bestVideo) return bestVideo;
  return usable.find((f) => f.fileType.toUpperCase() === 'M4A');
}

/** File name for the media bucket (the pipeline reads the extension). */
export function importFileName(file: RecordingFile): string {
  return file.fileType.toUpperCase() === 'M4A' ? 'recording.m4a' : 'recording.mp4';
}

/** Thrown by the stream upload when the body passes the limit (the partial upload is aborted). */
export class RecordingTooLarge extends Error {
  readonly name = 'RecordingTooLarge';
}
