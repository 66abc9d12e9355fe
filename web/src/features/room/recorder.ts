/**
 * Records the session in the host's browser: the program picture (what guests see) plus the host's
 * microphone, as WebM (VP8/Opus). The pipeline remuxes it, since MediaRecorder writes no duration.
 */
export class SessionRecorder {
  private readonly recorder: MediaRecorder;
  private readonly chunks: Blob[] = [];
  readonly startedAt = new Date();

  constructor(video: MediaStreamTrack, audio: MediaStreamTrack | undefined) {
    const stream = new MediaStream(audio ? [video, audio] : [video]);
    const mimeType = ['video/webm;codecs=vp8,opus', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
    this.recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 800_000 });
    this.recorder.ondataavailable = (event) => { if (event.data.size > 0) this.chunks.push(event.data); };
    this.recorder.start(1000);
  }

  /** Stops and resolves to the whole recording. */
  stop(): Promise<Blob> {
    return new Promise((resolve) => {
      if (this.recorder.state === 'inactive') return resolve(new Blob(this.chunks, { type: 'video/webm' }));
      this.recorder.onstop = () => resolve(new Blob(this.chunks, { type: 'video/webm' }));
      this.recorder.stop();
    });
  }
}
