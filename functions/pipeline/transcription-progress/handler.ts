import { noteTranscriptionProgress } from '../../core/pipeline/transcription-progress.js';
import { noteProgressPorts } from '../../wiring/pipeline-progress.js';

const ports = noteProgressPorts();

/**
 * NoteTranscriptionProgress: while the transcription job runs, keeps the engine's progress from the job's tags on the
 * meeting for the time left (core/pipeline/transcription-progress.ts). Returns whether there was one.
 */
export const handler = async (input: { meetingId: string; tags?: unknown }): Promise<{ noted: boolean }> =>
  ({ noted: await noteTranscriptionProgress(ports, input) });
