/** The recording player (spec §2): an HTML5 video of the link GET meetings/{id}/video/ returned. */
import type { RecordingUrl } from '@contracts/meetings.js';
import { Modal } from '../../../components/modal.js';
import { learnDuration } from '../known-duration.js';

export function RecordingPlayer({ recording, onClose }: { recording: RecordingUrl; onClose: () => void }) {
  return (
    <Modal title={recording.name} onClose={onClose} className="player-modal">
      <video className="recording-video" src={recording.video_url} controls autoPlay playsInline aria-label={`Recording of ${recording.name}`}
        onLoadedMetadata={(e) => learnDuration(e.currentTarget)} />
      {/* The download link answers as an attachment named after the meeting, so the browser saves it and the user stays here. */}
      <a className="button-secondary download-link" href={recording.download_url ?? recording.video_url} download={recording.file_name ?? true}>Download</a>
    </Modal>
  );
}
