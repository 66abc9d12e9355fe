/** Plays the meeting's recording from a chosen second, inside the notes and sentiment modals. */
import { useEffect, useRef, useState } from 'react';
import { getRecording } from '../../../api/meetings/get-recording.js';
import { DOWNLOAD_ERROR } from '../../../components/download-errors.js';
import { formatClock } from '../../../lib/time.js';

/**
 * `at`: the second to play from (a new value seeks there); undefined shows nothing. The player is scrolled into
 * view when asked to play, and `onClose` (when given) offers a Close player button that stops the sound.
 */
export function MomentPlayer({ meetingId, at, onClose }: { meetingId: string; at: number | undefined; onClose?: () => void }) {
  const box = useRef<HTMLDivElement>(null);
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
    box.current?.scrollIntoView?.({ block: 'nearest' });
    if (element.readyState >= 1) seek();
    else element.addEventListener('loadedmetadata', seek, { once: true });
    return () => element.removeEventListener('loadedmetadata', seek);
  }, [at, url]);

  if (at === undefined) return null;
  if (error) return <p className="message message-error" role="alert">{error}</p>;
  return (
    <div className="moment-player" data-testid="moment-player" data-at={at} ref={box}>
      <div className="moment-player-header">
        <p className="moment-caption">Playing from {formatClock(at)}</p>
        {onClose && (
          <button type="button" className="button-secondary button-small" onClick={() => { video.current?.pause(); onClose(); }}>Close player</button>
        )}
      </div>
      {url && <video ref={video} src={url} controls playsInline className="recording-video" aria-label={`Recording from ${formatClock(at)}`} />}
    </div>
  );
}
