/** Opens a meeting's recording at a moment (a search hit's timestamp). */
import { useEffect, useRef, useState } from 'react';
import type { RecordingUrl } from '@contracts/meetings.js';
import { getRecording } from '../../../api/meetings/get-recording.js';
import { ErrorMessage } from '../../../components/message.js';
import { Modal } from '../../../components/modal.js';
import { formatClock } from '../../../lib/time.js';

const RECORDING_ERROR = 'There was an error downloading your file.';

export interface Moment { meetingId: string; meetingName: string; timestamp: number }

export function RecordingAt({ moment, onClose }: { moment: Moment; onClose: () => void }) {
  const [recording, setRecording] = useState<RecordingUrl>();
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    let live = true;
    getRecording(moment.meetingId).then((r) => live && setRecording(r), () => live && setFailed(true));
    return () => { live = false; };
  }, [moment.meetingId]);

  return (
    <Modal title={`${moment.meetingName} at ${formatClock(moment.timestamp)}`} onClose={onClose} className="player-modal">
      {failed && <ErrorMessage>{RECORDING_ERROR}</ErrorMessage>}
      {!failed && !recording && <p className="empty-state">Loading...</p>}
      {recording && (
        <video
          ref={video}
          className="recording-video"
          src={`${recording.video_url}#t=${moment.timestamp}`}
          controls
          autoPlay
          playsInline
          aria-label={`Recording of ${moment.meetingName}`}
          onLoadedMetadata={() => { if (video.current) video.current.currentTime = moment.timestamp; }}
        />
      )}
    </Modal>
  );
}
