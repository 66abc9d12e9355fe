/**
 * The transcript modal (spec §2, §3, §8): the speaker-labelled text with times, Download as
 * speaker_labeled_transcript.txt, Label Speaker Names for the host, a find box, and a click on a line plays the
 * recording from there with the line being played highlighted. Not ready → the about-10-minutes text.
 * The parts, each in its own module: the toolbar (download, play, host tools), the find box (use-transcript-find.ts),
 * the lines, the speaker names form and the host's edits (use-transcript-edits.ts), the player and its keys.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNotes } from '../../../api/insights/get-notes.js';
import { ChapterBar } from '../../../components/chapter-bar.js';
import { useTranscript, useTranscriptWords } from '../../../api/transcripts/get-transcript.js';
import { SuccessMessage } from '../../../components/message.js';
import { Modal } from '../../../components/modal.js';
import { SpeakerNameSuggestionsOnDemand } from '../../../components/speaker-name-suggestions-on-demand.js';
import { TRANSCRIPT_MESSAGES } from '../transcript-messages.js';
import { searchableTexts } from '../transcript-find.js';
import { activeLineIndex, parseTranscript } from '../transcript-text.js';
import { usePlayerKeys } from '../use-player-keys.js';
import { useTranscriptEdits } from '../use-transcript-edits.js';
import { useTranscriptFind } from '../use-transcript-find.js';
import { SpeakerNamesFormOnDemand } from './speaker-names-form-on-demand.js';
import { TranscriptFindBar } from './transcript-find-bar.js';
import { TranscriptLines } from './transcript-lines.js';
import { TranscriptPlayer, type PlayRequest } from './transcript-player.js';
import { TranscriptToolbar } from './transcript-toolbar.js';

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
  const transcript = useTranscript(meetingId);
  const { data, error } = transcript;
  const [play, setPlay] = useState<PlayRequest>();
  const ready = data?.status === 'ready' && data.text !== null;
  const failed = Boolean(error) || data?.status === 'failed';
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
        <ReadyTranscript meetingId={meetingId} canLabel={canLabel} hasRecording={hasRecording} tools={tools} transcript={transcript}
          play={play} setPlay={setPlay} />
      )}
    </Modal>
  );
}

interface ReadyTranscriptProps extends Pick<TranscriptModalProps, 'meetingId' | 'canLabel' | 'hasRecording' | 'tools'> {
  transcript: ReturnType<typeof useTranscript>;
  play: PlayRequest | undefined;
  setPlay: (update: (previous: PlayRequest | undefined) => PlayRequest) => void;
}

/** A ready transcript: toolbar, messages, names form and suggestions, tools, hint, chapters, find box, player and lines. */
function ReadyTranscript({ meetingId, canLabel, hasRecording = true, tools, transcript, play, setPlay }: ReadyTranscriptProps) {
  const { data: timing } = useTranscriptWords(meetingId, true);
  const words = timing?.words;
  const timesEstimated = timing?.estimated.some(Boolean) ?? false;
  const edits = useTranscriptEdits(meetingId, transcript);
  const [correcting, setCorrecting] = useState(false);
  const [time, setTime] = useState<number>();
  const text = transcript.data?.text ?? '';
  const lines = useMemo(() => parseTranscript(text, edits.names), [text, edits.names]);
  // Chapters come with the notes (404 while they are generated: then there are none yet).
  const chapters = useNotes(meetingId).data?.chapters ?? [];
  const body = useRef<HTMLDivElement>(null);
  const find = useTranscriptFind(useMemo(() => searchableTexts(lines, words), [lines, words]), true, body);
  const playFrom = (seconds: number) => setPlay((previous) => ({ seconds: Math.max(0, seconds), nonce: (previous?.nonce ?? 0) + 1 }));
  usePlayerKeys(true, body, time, playFrom);
  const host = canLabel ? {
    correcting, labelling: edits.labelling,
    toggleCorrecting: () => { edits.setNotice(undefined); setCorrecting((c) => !c); },
    startLabelling: () => { edits.setNotice(undefined); edits.setLabelling(true); },
  } : undefined;

  return (
    <>
      <TranscriptToolbar meetingId={meetingId} onPlay={hasRecording ? () => playFrom(time ?? 0) : undefined} playing={Boolean(play)} host={host} />
      <SuccessMessage>{edits.notice}</SuccessMessage>
      {edits.labelling && <SpeakerNamesFormOnDemand meetingId={meetingId} onUpdated={edits.renamed} onCancel={() => edits.setLabelling(false)} />}
      {/* Names said in the meeting, for the host to accept or dismiss (issue 30). */}
      <SpeakerNameSuggestionsOnDemand meetingId={meetingId} enabled={canLabel}
        onAccepted={(answer) => void edits.acceptedName(answer.url, answer.speakerNames)} />
      {tools?.({ playFrom: hasRecording ? playFrom : undefined, showLine: (line) => showLine(body.current, line) })}
      {/* On a touch screen (no keyboard, no mouse) the hint speaks of tapping. */}
      {hasRecording && (
        <p className="hint transcript-keys">
          <span className="hint-pointer">Click a word to play from it. Keys: Space play/pause, ← / → 5 s, Ctrl+F find.</span>
          <span className="hint-touch">Tap a word to play from it.</span>
        </p>
      )}
      {hasRecording && <ChapterBar chapters={chapters} time={play ? time : undefined} onJump={playFrom} />}
      {timesEstimated && <p className="hint">The transcript file gave no times, so the times shown (≈) are estimated from the words.</p>}
      {lines.length > 0 && <TranscriptFindBar find={find} />}
      {/* The player follows the words: side by side on wide screens, stacked on phones. */}
      <div className="transcript-body" ref={body}>
        {hasRecording && <TranscriptPlayer meetingId={meetingId} request={play} onTime={setTime} />}
        {lines.length === 0 ? (
          <p className="empty-state">{TRANSCRIPT_MESSAGES.empty}</p>
        ) : (
          <TranscriptLines lines={lines} words={words} estimated={timing?.estimated} active={play && time !== undefined ? activeLineIndex(lines, time) : -1}
            time={play ? time : undefined} onPlay={hasRecording ? playFrom : undefined} onEdit={canLabel && correcting ? edits.editLine : undefined}
            chapters={chapters} found={{ matches: find.matches, current: find.current }} />
        )}
      </div>
    </>
  );
}

/** An Ask citation's first line: scrolled into view and focused (its play button, else the line). */
function showLine(area: HTMLElement | null, line: number) {
  const item = area?.querySelector<HTMLElement>(`[data-line="${line}"]`);
  if (!item) return;
  item.scrollIntoView({ block: 'center' });
  const target = item.querySelector<HTMLElement>('button') ?? item;
  if (target === item) item.tabIndex = -1;
  target.focus({ preventScroll: true });
}
