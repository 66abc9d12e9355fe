/**
 * Reads who spoke from what a meeting service offers with a recording, best source first (issue 30):
 * per-participant audio tracks (each track's own speech, named after its participant), else the active-speaker
 * timeline, else a transcript VTT's voice names. Answers undefined when the service offers none of them.
 */
import type { ProviderRecording, RecordingFile } from '../integrations/recordings.js';
import { parseVttSpeakers, parseZoomTimeline, trackCues, type SpeakerCues } from './cues.js';
import type { SpeechStretch } from './speech-activity.js';

export interface CueReaders {
  /** The file's bytes (JSON and VTT files are small). */
  read(file: RecordingFile): Promise<Uint8Array>;
  /** Where a participant's own track carries speech (decoded and measured by an adapter; nothing is kept). */
  trackSpeech(file: RecordingFile): Promise<SpeechStretch[]>;
}

const text = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** The recording's speaker cues, or undefined. Throws what the readers throw. */
export async function gatherSpeakerCues(recording: ProviderRecording, readers: CueReaders): Promise<SpeakerCues | undefined> {
  const offered = recording.speakerFiles;
  if (!offered) return undefined;
  if (offered.participantAudio && offered.participantAudio.length > 0) {
    const cues = [];
    for (const track of offered.participantAudio) cues.push(...trackCues(track.name, await readers.trackSpeech(track.file)));
    return { version: 1, source: 'participant_audio', cues: cues.sort((a, b) => a.start - b.start) };
  }
  if (offered.timeline) {
    const cues = parseZoomTimeline(JSON.parse(text(await readers.read(offered.timeline))) as unknown, recording.durationSeconds || undefined);
    if (cues.length > 0) return { version: 1, source: 'timeline', cues };
  }
  if (offered.transcript) {
    const cues = parseVttSpeakers(text(await readers.read(offered.transcript)));
    if (cues.length > 0) return { version: 1, source: 'transcript', cues };
  }
  return undefined;
}
