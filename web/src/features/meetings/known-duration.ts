/**
 * Recordings of the live room are WebM files written by MediaRecorder, which carry no duration: the player shows an
 * unknown length and cannot seek. Seeking far past the end once makes the browser read the whole file and learn the
 * length; the position then goes back to where it was asked to be.
 */
export function learnDuration(video: HTMLVideoElement): void {
  if (Number.isFinite(video.duration) || video.dataset.learningDuration) return;
  const wanted = video.currentTime;
  video.dataset.learningDuration = '1';
  const done = () => {
    if (!Number.isFinite(video.duration)) return;
    video.removeEventListener('durationchange', done);
    video.removeEventListener('timeupdate', done);
    delete video.dataset.learningDuration;
    video.currentTime = wanted;
  };
  video.addEventListener('durationchange', done);
  video.addEventListener('timeupdate', done);
  video.currentTime = Number.MAX_SAFE_INTEGER;
}
