/**
 * Person segmentation on the CPU: MediaPipe's selfie-segmentation model (landscape, 256×144) run by the
 * TFLite WebAssembly runner of @tensorflow/tfjs-tflite, both served from our origin (/room-assets/).
 * Chosen over @mediapipe/selfie_segmentation's own WebGL graph, which needs a GPU (4–6 fps on
 * SwiftShader); the CPU runner keeps up with the camera (docs/live-room.md has the figures).
 */
export interface Segmenter {
  readonly width: number;
  readonly height: number;
  /** Person probability per pixel of a width×height grid, row-major; the array is reused between calls. */
  segment(source: CanvasImageSource): Float32Array;
}

interface TensorInfo { data(): Float32Array; shape: number[] }
interface ModelRunner { getInputs(): TensorInfo[]; getOutputs(): TensorInfo[]; infer(): boolean }
interface TfWeb {
  tflite_web_api: { setWasmPath(path: string): void };
  TFLiteWebModelRunner: { create(model: ArrayBuffer, options: { numThreads: number }): Promise<ModelRunner> };
}

export const ROOM_ASSETS = '/room-assets/';
const MODEL = 'selfie_segmentation_landscape.tflite';

let clientScript: Promise<TfWeb> | undefined;

function loadClient(base: string): Promise<TfWeb> {
  clientScript ??= new Promise<TfWeb>((resolve, reject) => {
    // The script ends with a CommonJS `exports.tfweb = ...` after defining window.tfweb; give it somewhere to write.
    const global = window as unknown as { exports?: object };
    global.exports ??= {};
    const script = document.createElement('script');
    script.src = `${base}tflite_web_api_client.js`;
    script.onload = () => {
      const tfweb = (window as unknown as { tfweb?: TfWeb }).tfweb;
      if (tfweb) resolve(tfweb);
      else reject(new Error('The segmentation runtime did not load.'));
    };
    script.onerror = () => reject(new Error('The segmentation runtime could not be fetched.'));
    document.head.appendChild(script);
  });
  clientScript.catch(() => { clientScript = undefined; });
  return clientScript;
}

/** Loads the runtime and the model; throws when either cannot be fetched or started. */
export async function loadSegmenter(base = ROOM_ASSETS): Promise<Segmenter> {
  const tfweb = await loadClient(base);
  tfweb.tflite_web_api.setWasmPath(base);
  const model = await (await fetch(`${base}${MODEL}`)).arrayBuffer();
  const runner = await tfweb.TFLiteWebModelRunner.create(model, { numThreads: -1 });
  const input = runner.getInputs()[0];
  const [, height, width] = input.shape;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  const mask = new Float32Array(width * height);
  return {
    width,
    height,
    segment(source) {
      context.drawImage(source, 0, 0, width, height);
      const pixels = context.getImageData(0, 0, width, height).data;
      const tensor = input.data();
      for (let i = 0, j = 0; i < mask.length; i += 1, j += 4) {
        tensor[i * 3] = pixels[j] / 255;
        tensor[i * 3 + 1] = pixels[j + 1] / 255;
        tensor[i * 3 + 2] = pixels[j + 2] / 255;
      }
      runner.infer();
      mask.set(runner.getOutputs()[0].data().subarray(0, mask.length));
      return mask;
    },
  };
}
