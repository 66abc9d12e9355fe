/**
 * The transcript's toolbar: the download (format and Download, spec §7 speaker_labeled_transcript.txt, with its
 * error), Play, and for the host Correct words and Label Speaker Names.
 */
import { useState } from 'react';
import type { TranscriptFormat } from '../../../api/transcripts/get-transcript.js';
import { ErrorMessage } from '../../../components/message.js';
import { TRANSCRIPT_DOWNLOADS, downloadTranscript } from '../download.js';

interface TranscriptToolbarProps {
  meetingId: string;
  /** Plays from the current time; absent without a recording. */
  onPlay?: () => void;
  playing: boolean;
  /** The host's correcting and labelling; absent for a participant. */
  host?: { correcting: boolean; labelling: boolean; toggleCorrecting: () => void; startLabelling: () => void };
}

export function TranscriptToolbar({ meetingId, onPlay, playing, host }: TranscriptToolbarProps) {
  const [format, setFormat] = useState<TranscriptFormat>('txt');
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string>();

  async function download() {
    setDownloading(true);
    setError(await downloadTranscript(meetingId, format));
    setDownloading(false);
  }

  return (
    <>
      <div className="transcript-toolbar">
        <label className="transcript-format">
          <span>Format</span>
          <select value={format} onChange={(e) => setFormat(e.target.value as TranscriptFormat)}>
            {TRANSCRIPT_DOWNLOADS.map((d) => <option key={d.format} value={d.format}>{d.label}</option>)}
          </select>
        </label>
        <button type="button" className="button-secondary button-small" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Downloading...' : 'Download'}
        </button>
        {onPlay && (
          <button type="button" className="button-secondary button-small" onClick={onPlay} aria-keyshortcuts="Space">
            {playing ? 'Play from here' : 'Play recording'}
          </button>
        )}
        {host && (
          <button type="button" className="button-secondary button-small" aria-pressed={host.correcting} onClick={host.toggleCorrecting}>
            {host.correcting ? 'Done correcting' : 'Correct words'}
          </button>
        )}
        {host && !host.labelling && (
          <button type="button" className="button-secondary button-small" onClick={host.startLabelling}>
            Label Speaker Names
          </button>
        )}
      </div>
      <ErrorMessage>{error}</ErrorMessage>
    </>
  );
}
