import { createRequire } from 'node:module';
import path from 'node:path';
import { createScheduler, createWorker, OEM, type Scheduler } from 'tesseract.js';
import type { OcrLine } from './blocks.js';

const require = createRequire(import.meta.url);

/** The packaged English model: never the CDN download tesseract.js falls back to without a langPath. */
export function englishLangPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export interface Ocr { recognize(image: Buffer): Promise<OcrLine[]>; stop(): Promise<void> }

/** A pool of tesseract.js workers with the packaged English data. */
export async function startOcr(workers: number): Promise<Ocr> {
  const scheduler: Scheduler = createScheduler();
  const started = await Promise.all(Array.from({ length: workers }, () =>
    createWorker('eng', OEM.LSTM_ONLY, { langPath: englishLangPath(), gzip: true, cacheMethod: 'none' })));
  for (const worker of started) scheduler.addWorker(worker);
  return {
    async recognize(image) {
      const { data } = await scheduler.addJob('recognize', image, {}, { blocks: true, text: false }) as any;
      return (data.blocks ?? []).flatMap((b: any) => b.paragraphs.flatMap((p: any) => p.lines)) as OcrLine[];
    },
    stop: () => scheduler.terminate() as Promise<void>,
  };
}
