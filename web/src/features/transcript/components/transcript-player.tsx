/**
 * The recording inside the transcript modal: fetched on the first request to play, seeks to each new
 * request, and reports the playing time (timeupdate) so the modal can highlight the line.
 */
import { useEffect, useRef, useState } from 'react';
import { getRecording } from '../../../api/meetings/get-recording.js';
import { DOWNLOAD_ERROR } from '../../../components/download-errors.js';
import { formatClock } from '../../../lib/time.js';

/** A request to play from `seconds`; a new `nonce` seeks again even to the same second. */
export interface PlayRequest {
  seconds: number;
  nonce: number;
}

interface TranscriptPlayerProps {
  meetingId: string;
  request: PlayRequest | undefined;
  onTime: (seconds: number) => void;
}

export function TranscriptPlayer({ meetingId, request, onTime }: TranscriptPlayerProps) {
  const [recording, setRecording] = useState<{ url: string; name: string }>();
  const [error, setError] = useState<string>();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!request || recording || error) return;
    getRecording(meetingId).then((r) => setRecording({ url: r.video_url, name: r.name }), () => setError(DOWNLOAD_ERROR));
  }, [request, recording, error, meetingId]);

  useEffect(() => {
    const element = video.current;
    if (!element || !request) return;
    const seek = () => {
      element.currentTime = request.seconds;
      onTime(request.seconds);
      void element.play()?.catch(() => undefined);
    };
    if (element.readyState >= 1) seek();
    else element.addEventListener('loadedmetadata', seek, { once: true });
    return () => element.removeEventListener('loadedmetadata', seek);
    // Only a new request or a newly loaded recording seeks; onTime changing identity must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [request, recording]);

  if (!request) return null;
  if (error) return <p className="message message-error" role="alert">{error}</p>;
  return (
    <div className="transcript-player" data-testid="transcript-player" data-at={request.seconds}>
      {recording ? (
        <video
          ref={video}
          src={recording.url}
          controls
          playsInline
          className="recording-video"
          aria-label={`Recording of ${recording.name} from ${formatClock(request.seconds)}`}
          onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)}
        />
      ) : (
        <p className="transcript-player-loading">Loading the recording...</p>
      )}
    </div>
  );
}
