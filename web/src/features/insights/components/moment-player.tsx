/** Plays the meeting's recording from a chosen second, inside the notes and sentiment modals. */
import { useEffect, useRef, useState } from 'react';
import { getRecording } from '../../../api/meetings/get-recording.js';
import { DOWNLOAD_ERROR } from '../../meetings/components/recording-player.js';
import { formatSeconds } from '../chart-model.js';

/** `at`: the second to play from (a new value seeks there); undefined shows nothing. */
export function MomentPlayer({ meetingId, at }: { meetingId: string; at: number | undefined }) {
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (at === undefined || url) return;
    getRecording(meetingId).then((r) => setUrl(r.video_url), () => setError(DOWNLOAD_ERROR));
  }, [at, url, meetingId]);

  useEffect(() => {
    const element = video.current;
    if (!element || at === undefined) return;
    const seek = () => {
      element.currentTime = at;
      void element.play().catch(() => undefined);
    };
    if (element.readyState >= 1) seek();
    else element.addEventListener('loadedmetadata', seek, { once: true });
    return () => element.removeEventListener('loadedmetadata', seek);
  }, [at, url]);

  if (at === undefined) return null;
  if (error) return <p className="message message-error" role="alert">{error}</p>;
  return (
    <div className="moment-player" data-testid="moment-player" data-at={at}>
      <p className="moment-caption">Playing from {formatSeconds(at)}</p>
      {url && <video ref={video} src={url} controls playsInline className="recording-video" aria-label={`Recording from ${formatSeconds(at)}`} />}
    </div>
  );
}
