/**
 * The host's program picture: a canvas that shows the camera, or, with presenter removal on, the camera
 * with the person's pixels replaced by the last background seen there, so the whiteboard stays in view.
 * Its captureStream() track is what guests receive while removal is on and what the recorder records.
 */
import type { Segmenter } from './segmenter.js';

/** Person probability above which a pixel counts as the presenter. */
const PERSON_THRESHOLD = 0.35;
/**
 * Segmentation holds the main thread while it runs (~200 ms a run on SwiftShader without a GPU, a few ms
 * with one), and that thread also draws every frame guests receive. It may take at most this share of
 * the thread: the next mask is started no sooner than (last run time / share) after the previous one.
 */
const SEGMENTATION_SHARE = 0.4;
/** Masks are never refreshed more often than this, even on a fast GPU. */
const MIN_SEGMENT_INTERVAL_MS = 100;
/**
 * While removal is off the program picture only feeds the recorder, so it is drawn at most this often:
 * every drawn frame costs a canvas copy and a recorder encode on the host's busy main thread. With
 * removal on it is what guests see and every camera frame is drawn (segmentation stalls the thread,
 * and skipping frames after a stall would cost guests more than it saves).
 */
const RECORDING_FPS = 15;

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
  private segmentInterval = MIN_SEGMENT_INTERVAL_MS;
  private mask: Float32Array | undefined;
  private lastDrawAt = -Infinity;
  private maskColumns: Uint32Array | undefined;

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
    const now = performance.now();
    // Three quarters of the interval: camera frames arrive with jitter, and a 30 fps camera should still
    // yield every other frame rather than every third.
    if (!this.removal && now - this.lastDrawAt < 750 / RECORDING_FPS) return this.schedule();
    this.lastDrawAt = now;
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
    if (this.segmenting || now - this.lastSegmentAt < this.segmentInterval) return;
    this.segmenting = true;
    this.lastSegmentAt = now;
    segmenter.segment(this.video)
      .then((mask) => {
        this.mask = mask;
        this.masks += 1;
        this.segmentInterval = segmentIntervalAfter(performance.now() - now);
      })
      .catch((error) => console.warn('Segmentation failed on a frame', error))
      .finally(() => { this.segmenting = false; });
  }

  /** Masks computed so far (for frame-rate figures). */
  get maskCount(): number { return this.masks; }

  private removePerson(segmenter: Segmenter, mask: Float32Array): void {
    const { width, height } = this.canvas;
    const frame = this.context.getImageData(0, 0, width, height);
    this.background ??= new ImageData(new Uint8ClampedArray(frame.data), width, height);
    if (this.maskColumns?.length !== width) this.maskColumns = maskColumnsFor(width, segmenter.width);
    replacePerson(new Uint32Array(frame.data.buffer), new Uint32Array(this.background.data.buffer), { width, height }, mask, segmenter, this.maskColumns);
    this.context.putImageData(frame, 0, 0);
  }
}

/** How long to wait between mask refreshes after a run that took `runMs` (see SEGMENTATION_SHARE). */
export const segmentIntervalAfter = (runMs: number): number => Math.max(MIN_SEGMENT_INTERVAL_MS, runMs / SEGMENTATION_SHARE);

/** For each picture column, the mask column it reads (the mask is usually smaller than the picture). */
export const maskColumnsFor = (width: number, maskWidth: number): Uint32Array =>
  Uint32Array.from({ length: width }, (_, x) => Math.floor(x * (maskWidth / width)));

/**
 * Person pixels (mask above the threshold) take the last background seen there; other pixels update
 * that background. Pixels are RGBA words, one 32-bit move each.
 */
export function replacePerson(
  pixels: Uint32Array, background: Uint32Array, picture: { width: number; height: number },
  mask: Float32Array, maskSize: { width: number; height: number }, columns: Uint32Array,
): void {
  const sy = maskSize.height / picture.height;
  for (let y = 0; y < picture.height; y += 1) {
    const row = Math.floor(y * sy) * maskSize.width;
    const line = y * picture.width;
    for (let x = 0; x < picture.width; x += 1) {
      const i = line + x;
      if (mask[row + columns[x]] > PERSON_THRESHOLD) pixels[i] = background[i];
      else background[i] = pixels[i];
    }
  }
}
