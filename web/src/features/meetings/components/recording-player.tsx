/**
 * The recording player (spec §2): an HTML5 video of the link GET meetings/{id}/video/ returned, with the meeting's
 * chapters (from its notes, once generated) as segments under it: a click jumps to a chapter.
 */
import { useRef, useState } from 'react';
import type { RecordingUrl } from '@contracts/meetings.js';
import { useNotes } from '../../../api/insights/get-notes.js';
import { ChapterBar } from '../../../components/chapter-bar.js';
import { Modal } from '../../../components/modal.js';
import { useAudioOnly } from '../audio-only.js';
import { learnDuration } from '../known-duration.js';

export function RecordingPlayer({ recording, meetingId, onClose }: { recording: RecordingUrl; meetingId: string; onClose: () => void }) {
  const { data: notes } = useNotes(meetingId);
  const video = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState<number>();
  // Sound only: a player bar, not a black picture box.
  const [audioOnly, onMetadata] = useAudioOnly(recording.file_name);
  const jump = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = seconds;
    setTime(seconds);
    void element.play()?.catch(() => undefined);
  };
  return (
    <Modal title={recording.name} onClose={onClose} className="player-modal">
      <video ref={video} className={`recording-video${audioOnly ? ' recording-audio-only' : ''}`} src={recording.video_url} controls autoPlay playsInline
        aria-label={`${audioOnly ? 'Audio recording' : 'Recording'} of ${recording.name}`}
        onLoadedMetadata={(e) => { learnDuration(e.currentTarget); onMetadata(e); }} onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)} />
      <ChapterBar chapters={notes?.chapters ?? []} time={time} onJump={jump} />
      {/* The download link answers as an attachment named after the meeting, so the browser saves it and the user stays here. */}
      <a className="button-secondary download-link" href={recording.download_url ?? recording.video_url} download={recording.file_name ?? true}>Download</a>
    </Modal>
  );
}
