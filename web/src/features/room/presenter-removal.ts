/**
 * The host's program picture: a canvas that shows the camera, or, with presenter removal on, the camera
 * with the person's pixels replaced by the last background seen there, so the whiteboard stays in view.
 * Its captureStream() track is what guests receive while removal is on and what the recorder records.
 */
import type { Segmenter } from './segmenter.js';

/** Person probability above which a pixel counts as the presenter. */
const PERSON_THRESHOLD = 0.35;
/**
 * Without a GPU the model runs on SwiftShader and holds the main thread ~200 ms per run; refreshing the
 * mask at most ~3 times a second leaves the thread to draw (and the encoders to send) every camera frame.
 */
const MIN_SEGMENT_INTERVAL_MS = 330;

export class ProgramCanvas {
  readonly canvas: HTMLCanvasElement;
  readonly stream: MediaStream;
  private readonly context: CanvasRenderingContext2D;
  private background: ImageData | undefined;
  private segmenter: Segmenter | undefined;
  private removal = false;
  private running = true;
  private frames = 0;
  private masks = 0;
  private segmenting = false;
  private lastSegmentAt = -Infinity;
  private mask: Float32Array | undefined;

  constructor(private readonly video: HTMLVideoElement, width = 640, height = 480, frameRate = 30) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    this.context = this.canvas.getContext('2d', { willReadFrequently: true })!;
    this.stream = this.canvas.captureStream(frameRate);
    this.schedule();
  }

  /** Switches removal; `segmenter` is needed to switch on. */
  setRemoval(on: boolean, segmenter?: Segmenter): void {
    if (segmenter) this.segmenter = segmenter;
    this.removal = on && this.segmenter !== undefined;
  }

  /** Frames drawn so far (for frame-rate figures). */
  get frameCount(): number { return this.frames; }

  stop(): void {
    this.running = false;
    this.stream.getTracks().forEach((t) => t.stop());
  }

  private schedule(): void {
    if (!this.running) return;
    const video = this.video as HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number };
    if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(() => this.draw());
    else setTimeout(() => this.draw(), 33);
  }

  private draw(): void {
    if (!this.running) return;
    try {
      if (this.video.readyState >= 2) {
        this.context.drawImage(this.video, 0, 0, this.canvas.width, this.canvas.height);
        if (this.removal && this.segmenter) {
          this.segmentInBackground(this.segmenter);
          if (this.mask) this.removePerson(this.segmenter, this.mask);
        }
        this.frames += 1;
      }
    } finally {
      this.schedule();
    }
  }

  /**
   * Segmentation runs beside the drawing, not in its way: every camera frame is drawn with the latest
   * mask, so guests keep a usable frame rate even when the model is much slower than the camera.
   */
  private segmentInBackground(segmenter: Segmenter): void {
    const now = performance.now();
    if (this.segmenting || now - this.lastSegmentAt < MIN_SEGMENT_INTERVAL_MS) return;
    this.segmenting = true;
    this.lastSegmentAt = now;
    segmenter.segment(this.video)
      .then((mask) => { this.mask = mask; this.masks += 1; })
      .catch((error) => console.warn('Segmentation failed on a frame', error))
      .finally(() => { this.segmenting = false; });
  }

  /** Masks computed so far (for frame-rate figures). */
  get maskCount(): number { return this.masks; }

  private removePerson(segmenter: Segmenter, mask: Float32Array): void {
    const { width, height } = this.canvas;
    const frame = this.context.getImageData(0, 0, width, height);
    if (!this.background) this.background = new ImageData(new Uint8ClampedArray(frame.data), width, height);
    const bg = this.background.data;
    const px = frame.data;
    const sx = segmenter.width / width;
    const sy = segmenter.height / height;
    for (let y = 0; y < height; y += 1) {
      const row = Math.floor(y * sy) * segmenter.width;
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        if (mask[row + Math.floor(x * sx)] > PERSON_THRESHOLD) {
          px[i] = bg[i]; px[i + 1] = bg[i + 1]; px[i + 2] = bg[i + 2];
        } else {
          bg[i] = px[i]; bg[i + 1] = px[i + 1]; bg[i + 2] = px[i + 2];
        }
      }
    }
    this.context.putImageData(frame, 0, 0);
  }
}
