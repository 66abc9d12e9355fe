import { writeNotesForRun } from '../../core/notes/notes-step.js';
import type { InsightTaskInput } from '../../wiring/insights.js';
import { notesStepPorts } from '../../wiring/notes.js';

const ports = notesStepPorts();

/**
 * The notes of the run's meeting, drafted the one way (core/notes/draft-meeting-notes.ts), then the "notes ready" mail
 * (core/notes/notes-step.ts). Throws when the transcript cannot be read or the engine fails (Catch marks notes failed).
 */
export const handler = async (input: InsightTaskInput) => writeNotesForRun(ports, input.meetingId);
