/**
 * The side panel's upload form (spec §2): an mp4/m4a file, or a transcript to import (.vtt, .srt, .txt, .json), and
 * 'Upload Meeting', with the minutes left.
 * The progress circle is shown in the meetings area, where it is visible on phones too.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/message.js';
import type { UploadController } from '../use-upload.js';
import { UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '../upload-messages.js';
import { isTranscriptFile } from '../../../lib/upload-flow.js';

interface UploadFormProps {
  upload: UploadController;
  minutes: number | undefined;
  /** Called once the upload has started (the mobile menu closes so the progress shows). */
  onStarted?: () => void;
  /** Opens the plans (shown beside the minutes, so the way to more minutes is visible before they run out). */
  onPlans?: () => void;
}

/** Whole minutes left; a balance below zero (a recording that ran over) shows as it is, with a real minus sign. */
export function formatMinutesLeft(minutes: number): string {
  const whole = Math.floor(minutes);
  return whole < 0 ? `−${-whole}` : String(whole);
}

export function UploadForm({ upload, minutes, onStarted, onPlans }: UploadFormProps) {
  const [file, setFile] = useState<File>();
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || upload.loading) return;
    void upload.start(file);
    onStarted?.();
  }

  return (
    <form className="upload-form" onSubmit={submit} aria-label="Upload a meeting">
      <p className="minutes-block" aria-live="polite">
        <span>Minutes left this month</span>
        <strong>{minutes === undefined ? '…' : formatMinutesLeft(minutes)}</strong>
        {onPlans && <button type="button" className="link-button minutes-plans" onClick={onPlans}>See plans</button>}
      </p>
      <label htmlFor={inputId}>Recording (mp4 or m4a) or transcript (vtt, srt, txt or json)</label>
      <input
        id={inputId}
        type="file"
        accept={UPLOAD_ACCEPT}
        disabled={upload.loading}
        onChange={(e) => setFile(e.target.files?.[0])}
      />
      <button type="submit" className="button-primary" disabled={!file || upload.loading || (upload.minutesUsedUp && !isTranscriptFile(file.name))}>
        Upload Meeting
      </button>
      {upload.loading && <p className="hint" role="status">Uploading… keep this page open.</p>}
      <ErrorMessage>{upload.minutesUsedUp ? UPLOAD_MESSAGES.minutesUsedUp : upload.error}</ErrorMessage>
    </form>
  );
}
