/** The upload state of the home screen (spec §3 Upload state): percent, loading, error; reloads when done. */
import { useCallback, useEffect, useState } from 'react';
import { createMeeting } from '../../api/meetings/create-meeting.js';
import { deleteMeeting } from '../../api/meetings/delete-meeting.js';
import { importTranscript } from '../../api/meetings/import-transcript.js';
import { getUploadUrl } from '../../api/meetings/get-upload-url.js';
import { requestIndexing } from '../../api/meetings/request-indexing.js';
import { updateMeeting } from '../../api/meetings/update-meeting.js';
import { uploadRecording } from '../../api/meetings/upload-recording.js';
import { errorData, errorField, errorStatus, GENERIC_ERROR } from '../../api/error-messages.js';
import { readDuration } from './read-duration.js';
import { isTranscriptFile, runTranscriptImport, runUpload, TranscriptTooLarge, type TranscriptImportPorts, type UploadPorts } from '../../lib/upload-flow.js';
import { InvalidVideo, UPLOAD_MESSAGES } from './upload-messages.js';

export interface UploadState {
  loading: boolean;
  /** 0-100 while the file is sent; undefined before. */
  percent: number | undefined;
  error: string | undefined;
}

export interface UseUploadOptions {
  /** The user's remaining minutes; below 0 blocks the upload. Undefined while unknown. */
  minutes: number | undefined;
  ports?: UploadPorts;
  /** The calls of a transcript import (.vtt, .srt, .txt, .json files). */
  importPorts?: TranscriptImportPorts;
  /** What happens after the last step (default: reload the page, spec §4). */
  onDone?: () => void;
}

export const defaultUploadPorts: UploadPorts = { readDuration, createMeeting, getUploadUrl, uploadRecording, updateMeeting, requestIndexing };
export const defaultImportPorts: TranscriptImportPorts = { createMeeting, importTranscript, deleteMeeting };

/** A transcript import's refusal says what is wrong with the file (`Line 12: …`, too large, already has a recording). */
const IMPORT_REFUSALS = new Set([400, 404, 409, 413, 415]);

/** The text for a failed upload: the two upload messages of §8, else the generic one. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof InvalidVideo) return UPLOAD_MESSAGES.invalidVideo;
  if (errorStatus(error) === 403 && errorData(error) === UPLOAD_MESSAGES.minutesUsedUp) return UPLOAD_MESSAGES.minutesUsedUp;
  if (error instanceof TranscriptTooLarge) return error.message;
  const detail = errorField(error, 'detail');
  if (IMPORT_REFUSALS.has(errorStatus(error)) && detail) return detail;
  return GENERIC_ERROR;
}

/** Warns before leaving the page while `active` (spec §8: until the upload reaches 100 %). */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UPLOAD_MESSAGES.leaveWarning;
      return UPLOAD_MESSAGES.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** Upload state plus `start(file)`: a recording runs the six steps unless the minutes are used up; a transcript file is imported. */
export function useUpload({ minutes, ports = defaultUploadPorts, importPorts = defaultImportPorts, onDone = () =>
  window.location.reload() }: UseUploadOptions) {
  const [state, setState] = useState<UploadState>({ loading: false, percent: undefined, error: undefined });
  const minutesUsedUp = minutes !== undefined && minutes < 0;
  useLeaveWarning(state.loading && (state.percent ?? 0) < 100);

  const start = useCallback(async (file: File) => {
    // A transcript import charges no minutes (docs/billing.md), so used-up minutes do not stop it.
    const transcript = isTranscriptFile(file.name);
    if (minutesUsedUp && !transcript) {
      setState({ loading: false, percent: undefined, error: UPLOAD_MESSAGES.minutesUsedUp });
      return;
    }
    setState({ loading: true, percent: undefined, error: undefined });
    try {
      const onProgress = (percent: number) => setState((s) => ({ ...s, percent }));
      await (transcript ? runTranscriptImport(file, importPorts, onProgress) : runUpload(file, ports, onProgress));
      setState((s) => ({ ...s, loading: false, percent: 100 }));
      onDone();
    } catch (error) {
      setState({ loading: false, percent: undefined, error: uploadErrorText(error) });
    }
  }, [minutesUsedUp, ports, importPorts, onDone]);

  return { ...state, minutesUsedUp, start };
}

export type UploadController = ReturnType<typeof useUpload>;
