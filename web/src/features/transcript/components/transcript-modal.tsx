/**
 * The transcript modal (spec §2, §3, §8): the speaker-labelled text with times, Download as
 * speaker_labeled_transcript.txt, Label Speaker Names for the host, and a click on a line plays the
 * recording from there with the line being played highlighted. Not ready → the about-10-minutes text.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { notesKey, useNotes } from '../../../api/insights/get-notes.js';
import { ChapterBar } from '../../../components/chapter-bar.js';
import { fetchTranscriptFile, useTranscript, useTranscriptWords } from '../../../api/transcripts/get-transcript.js';
import { updateTranscriptLine } from '../../../api/transcripts/update-transcript-line.js';
import { errorData } from '../../../api/error-messages.js';
import { ErrorMessage, SuccessMessage } from '../../../components/message.js';
import { Modal } from '../../../components/modal.js';
import { SpeakerNameSuggestionsOnDemand } from '../../../components/speaker-name-suggestions-on-demand.js';
import type { TranscriptFormat } from '../../../api/transcripts/get-transcript.js';
import { TRANSCRIPT_DOWNLOADS, downloadTranscript } from '../download.js';
import { TRANSCRIPT_MESSAGES } from '../transcript-messages.js';
import { activeLineIndex, parseTranscript } from '../transcript-text.js';
import { SpeakerNamesForm } from './speaker-names-form.js';
import { TranscriptLines } from './transcript-lines.js';
import { TranscriptPlayer, type PlayRequest } from './transcript-player.js';

interface TranscriptModalProps {
  meetingId: string;
  meetingName: string;
  /** The host may label speaker names (spec §6). */
  canLabel: boolean;
  /** False for a meeting with an imported transcript and no recording: nothing to play (default true). */
  hasRecording?: boolean;
  /** What the modal shows above the lines (Ask about this meeting, composed in app/), given a way to play from a moment and to show a line. */
  tools?: (controls: TranscriptControls) => ReactNode;
  onClose: () => void;
}

export interface TranscriptControls {
  /** Plays the recording from `seconds`; undefined without a recording. */
  playFrom?: (seconds: number) => void;
  /** Scrolls line `line` (0-based) into view and focuses it. */
  showLine: (line: number) => void;
}

export function TranscriptModal({ meetingId, meetingName, canLabel, hasRecording = true, tools, onClose }: TranscriptModalProps) {
  const { data, error, mutate } = useTranscript(meetingId);
  const [names, setNames] = useState<string[]>([]);
  const [labelling, setLabelling] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [downloadError, setDownloadError] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const [format, setFormat] = useState<TranscriptFormat>('txt');
  const [play, setPlay] = useState<PlayRequest>();
  const [time, setTime] = useState<number>();

  const lines = useMemo(() => (data?.text ? parseTranscript(data.text, names) : []), [data?.text, names]);
  const ready = data?.status === 'ready' && data.text !== null;
  const { data: words, mutate: mutateWords } = useTranscriptWords(meetingId, ready);
  const [correcting, setCorrecting] = useState(false);
  const { mutate: mutateCache } = useSWRConfig();
  // Chapters come with the notes (404 while they are generated: then there are none yet).
  const chapters = useNotes(meetingId).data?.chapters ?? [];

  /** Saves a corrected line; the lines and word times are fetched again from the rewritten files. */
  async function editLine(line: number, text: string): Promise<string | undefined> {
    try {
      await updateTranscriptLine(meetingId, line, text);
    } catch (failure) {
      const data = errorData(failure) as { detail?: string; text?: string[]; line?: string[] } | undefined;
      return data?.detail ?? data?.text?.[0] ?? data?.line?.[0] ?? TRANSCRIPT_MESSAGES.editError;
    }
    // The notes now carry `transcript_edited_at`: read them again so the notes modal offers to regenerate them.
    await Promise.allSettled([mutate(), mutateWords(), mutateCache(notesKey(meetingId))]);
    setNotice(TRANSCRIPT_MESSAGES.lineUpdated);
    return undefined;
  }
  const body = useRef<HTMLDivElement>(null);
  const playFrom = (seconds: number) => setPlay((previous) => ({ seconds: Math.max(0, seconds), nonce: (previous?.nonce ?? 0) + 1 }));
  /** An Ask citation's first line: scrolled into view and focused (its play button, else the line). */
  const showLine = (line: number) => {
    const item = body.current?.querySelector<HTMLElement>(`[data-line="${line}"]`);
    if (!item) return;
    item.scrollIntoView({ block: 'center' });
    const target = item.querySelector<HTMLElement>('button') ?? item;
    if (target === item) item.tabIndex = -1;
    target.focus({ preventScroll: true });
  };

  /**
   * Space plays or pauses, ←/→ go 5 s back or on, anywhere in the open modal (a clicked word leaves the focus on the
   * dialog); not while typing in a field, on the player's own controls, on the toolbar or on the Close button.
   */
  const keysRef = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keysRef.current = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (!(target instanceof Element) || !target.closest('[role="dialog"]')) {
      if (target !== document.body) return;
    }
    if (target.closest('input, textarea, select, video, .transcript-toolbar, form, .transcript-tools, [data-close]')) return;
    const video = body.current?.querySelector('video');
    if (event.key === ' ') {
      event.preventDefault();
      if (!video) playFrom(time ?? 0);
      else if (video.paused) void video.play()?.catch(() => undefined);
      else video.pause();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const delta = event.key === 'ArrowLeft' ? -5 : 5;
      if (!video) playFrom((time ?? 0) + delta);
      else video.currentTime = Math.max(0, Math.min(Number.isFinite(video.duration) ? video.duration : Infinity, video.currentTime + delta));
    }
  };
  useEffect(() => {
    if (!ready) return;
    const listener = (event: KeyboardEvent) => keysRef.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [ready]);
  const failed = Boolean(error) || data?.status === 'failed';

  async function download() {
    setDownloading(true);
    setDownloadError(await downloadTranscript(meetingId, format));
    setDownloading(false);
  }

  function updated(text: string, speakerNames: Record<string, string>) {
    void mutate({ status: 'ready', reason: null, text }, { revalidate: false });
    setNames(Object.values(speakerNames));
    setLabelling(false);
    setNotice(TRANSCRIPT_MESSAGES.updated);
  }

  /** A suggested name was accepted: the rewritten file is read like after the names form. */
  async function acceptedName(url: string, speakerNames: Record<string, string>) {
    try {
      updated(await fetchTranscriptFile(url), speakerNames);
    } catch {
      void mutate();
    }
  }

  return (
    <Modal title={`Transcript: ${meetingName}`} onClose={onClose} className={play ? 'transcript-modal transcript-with-player' : 'transcript-modal'}>
      {!data && !error && <p>Loading...</p>}
      {failed && (
        <div role="alert" className="message message-error">
          <p>{TRANSCRIPT_MESSAGES.processingFailed}</p>
          {data?.reason && <p className="transcript-failure-reason">{data.reason}</p>}
        </div>
      )}
      {data && !failed && !ready && <p className="message" role="status">{TRANSCRIPT_MESSAGES.notReady}</p>}
      {ready && (
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
            {hasRecording && (
              <button type="button" className="button-secondary button-small" onClick={() => playFrom(time ?? 0)} aria-keyshortcuts="Space">
                {play ? 'Play from here' : 'Play recording'}
              </button>
            )}
            {canLabel && (
              <button type="button" className="button-secondary button-small" aria-pressed={correcting} onClick={() => { setNotice(undefined); setCorrecting((c) => !c); }}>
                {correcting ? 'Done correcting' : 'Correct words'}
              </button>
            )}
            {canLabel && !labelling && (
              <button type="button" className="button-secondary button-small" onClick={() => { setNotice(undefined); setLabelling(true); }}>
                Label Speaker Names
              </button>
            )}
          </div>
          <ErrorMessage>{downloadError}</ErrorMessage>
          <SuccessMessage>{notice}</SuccessMessage>
          {labelling && <SpeakerNamesForm meetingId={meetingId} onUpdated={updated} onCancel={() => setLabelling(false)} />}
          {/* Names said in the meeting, for the host to accept or dismiss (issue 30). */}
          <SpeakerNameSuggestionsOnDemand meetingId={meetingId} enabled={canLabel} onAccepted={(answer) => void acceptedName(answer.url, answer.speakerNames)} />
          {tools?.({ playFrom: hasRecording ? playFrom : undefined, showLine })}
          {/* On a touch screen (no keyboard, no mouse) the hint speaks of tapping. */}
          {hasRecording && (
            <p className="hint transcript-keys">
              <span className="hint-pointer">Click a word to play from it. Keys: Space play/pause, ← / → 5 s.</span>
              <span className="hint-touch">Tap a word to play from it.</span>
            </p>
          )}
          {hasRecording && <ChapterBar chapters={chapters} time={play ? time : undefined} onJump={playFrom} />}
          {/* The player follows the words: side by side on wide screens, stacked on phones. */}
          <div className="transcript-body" ref={body}>
            {hasRecording && <TranscriptPlayer meetingId={meetingId} request={play} onTime={setTime} />}
            {lines.length === 0 ? (
              <p className="empty-state">{TRANSCRIPT_MESSAGES.empty}</p>
            ) : (
              <TranscriptLines
                lines={lines}
                words={words}
                active={play && time !== undefined ? activeLineIndex(lines, time) : -1}
                time={play ? time : undefined}
                onPlay={hasRecording ? playFrom : undefined}
                onEdit={canLabel && correcting ? editLine : undefined}
                chapters={chapters}
              />
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
