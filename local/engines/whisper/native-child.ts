/**
 * Entry of one native Whisper process (native-process.ts): the only place onnxruntime-node is loaded. Its first
 * message `{ modelFile, tables, beams?, threads? }` loads one session, answered by `{ ready: true }` or
 * `{ loadError }`; then every `{ id, samples }` is answered with `{ id, text, segments? }` or `{ id, error }`, one at
 * a time. The process ends when its parent goes (the IPC channel closes).
 */
import { createNativeWhisperSession } from './native-session.js';
import type { WhisperSession } from './session.js';
import type { BpeTables } from './tokens.js';

interface Load { modelFile: string; tables: BpeTables; beams?: number; threads?: number }
interface Job { id: number; samples: Float32Array }

/** To the parent while it listens; a parent gone mid-answer ends this process (no unhandled EPIPE). */
const send = (message: unknown) => {
  if (!process.connected) return;
  process.send!(message, undefined, {}, (error) => { if (error) process.exit(0); });
};
let session: Promise<WhisperSession> | undefined;

process.on('disconnect', () => process.exit(0));
process.on('message', (message: Load | Job) => {
  if ('modelFile' in message) {
    session = createNativeWhisperSession(message.modelFile, message.tables, { beams: message.beams, threads: message.threads });
    session.then(() => send({ ready: true }), (error: Error) => { send({ loadError: error.message ?? String(error) }); process.exit(0); });
    return;
  }
  const { id, samples } = message;
  void session!.then((s) => s.recognize(samples)).then(
    (heard) => send({ id, ...heard }),
    (error: Error) => send({ id, error: error.message ?? String(error) }),
  );
});
