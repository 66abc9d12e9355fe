/**
 * Person segmentation: MediaPipe's selfie-segmentation solution (landscape model, 256×144) from
 * @mediapipe/selfie_segmentation, served from our origin (/room-assets/, no CDN).
 * Why not the CPU TFLite-WASM runner: the only npm-shipped runtime (@tensorflow/tfjs-tflite) cannot load
 * this model — it uses MediaPipe's custom op Convolution2DTransposeBias ("Can't initialize model");
 * the 30 fps runners (Jitsi/Volcomix) are custom TFLite builds not on npm. docs/live-room.md has the figures.
 */
export interface Segmenter {
  readonly width: number;
  readonly height: number;
  /** Person probability (0..1) per pixel of a width×height grid, row-major; the array is reused between calls. */
  segment(source: HTMLCanvasElement | HTMLVideoElement): Promise<Float32Array>;
}

interface MediaPipeSelfie {
  setOptions(options: { modelSelection: number; selfieMode?: boolean }): void;
  onResults(listener: (results: { segmentationMask: CanvasImageSource }) => void): void;
  initialize(): Promise<void>;
  send(inputs: { image: HTMLCanvasElement | HTMLVideoElement }): Promise<void>;
}
type SelfieConstructor = new (config: { locateFile: (file: string) => string }) => MediaPipeSelfie;

const ROOM_ASSETS = '/room-assets/';
const WIDTH = 256;
const HEIGHT = 144;

let loader: Promise<SelfieConstructor> | undefined;

function loadScript(base: string): Promise<SelfieConstructor> {
  loader ??= new Promise<SelfieConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${base}selfie_segmentation.js`;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      const ctor = (window as unknown as { SelfieSegmentation?: SelfieConstructor }).SelfieSegmentation;
      if (ctor) resolve(ctor);
      else reject(new Error('The segmentation runtime did not load.'));
    };
    script.onerror = () => reject(new Error('The segmentation runtime could not be fetched.'));
    document.head.appendChild(script);
  });
  loader.catch(() => { loader = undefined; });
  return loader;
}

/** Loads the solution and the landscape model; throws when they cannot be fetched or started (e.g. no WebGL). */
export async function loadSegmenter(base = ROOM_ASSETS): Promise<Segmenter> {
  const Selfie = await loadScript(base);
  const selfie = new Selfie({ locateFile: (file) => `${base}${file}` });
  selfie.setOptions({ modelSelection: 1, selfieMode: false });
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  const mask = new Float32Array(WIDTH * HEIGHT);
  let latest: CanvasImageSource | undefined;
  selfie.onResults((results) => { latest = results.segmentationMask; });
  await selfie.initialize();
  return {
    width: WIDTH,
    height: HEIGHT,
    async segment(source) {
      await selfie.send({ image: source });
      if (!latest) return mask;
      context.clearRect(0, 0, WIDTH, HEIGHT);
      context.drawImage(latest, 0, 0, WIDTH, HEIGHT);
      const pixels = context.getImageData(0, 0, WIDTH, HEIGHT).data;
      // The mask holds the person probability in every channel (red and alpha); alpha survives premultiplication.
      for (let i = 0, j = 3; i < mask.length; i += 1, j += 4) mask[i] = pixels[j] / 255;
      return mask;
    },
  };
}
