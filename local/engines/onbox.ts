import { readWav } from './audio.js';
import { assignSpeakers } from './diarize.js';
import { diarizeInWorker } from './diarize-in-worker.js';
import { renumber } from './neural.js';
import { recognizeWithPocketsphinx, type PocketsphinxSetup } from './pocketsphinx.js';
import type { TranscriptionEngine } from './types.js';

/**
 * The on-box fallback: pocketsphinx for the words (pieces decoded in parallel), the MFCC/GMM
 * diarizer for the speakers (in a worker thread, so the event loop keeps serving meanwhile); each word
 * takes the speaker of the turn it falls in.
 */
export function createPocketsphinxEngine(setup: PocketsphinxSetup, options: { concurrency: number }): TranscriptionEngine {
  return {
    name: 'pocketsphinx (on-box fallback)',
    async transcribe(wavPath, { maxSpeakers, signal }) {
      const audio = await readWav(wavPath);
      const words = await recognizeWithPocketsphinx(setup, audio, { concurrency: options.concurrency, signal });
      if (words.length === 0) return { words, speakers: 0 };
      if (maxSpeakers <= 1) return { words, speakers: 1 };
      const turns = await diarizeInWorker(audio, { maxSpeakers }, { signal });
      const labelled = assignSpeakers(words, turns);
      return { words: labelled, speakers: renumber(labelled, turns), turns };
    },
  };
}
