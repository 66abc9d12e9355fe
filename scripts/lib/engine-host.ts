/**
 * A child process that holds the product's speech engine (selectEngine, as the local edition starts it) for
 * eval:asr, so that the memory of the product (this process, its worker threads and the native Whisper processes it
 * starts) is measured apart from the harness's own. Messages: it sends `{ ready, name }` (or `{ loadError }`), then
 * answers `{ id, wav, maxSpeakers }` with `{ id, result }` or `{ id, error }`; `{ close: true }` closes the engine and
 * ends the process.
 */
import { selectEngine } from '../../local/engines/select.js';
import type { TranscriptionResult } from '../../local/engines/types.js';

interface Job { id: number; wav: string; maxSpeakers: number }
export type HostReply = { ready: true; name: string } | { loadError: string } | { id: number; result: TranscriptionResult } | { id: number; error: string };

const send = (reply: HostReply) => process.send!(reply);
const log = (message: string, extra?: Record<string, unknown>) => console.log(message, extra ?? '');

try {
  const engine = await selectEngine({ log });
  process.on('message', (message: Job | { close: true }) => {
    if ('close' in message) {
      void Promise.resolve(engine.close?.()).finally(() => process.disconnect());
      return;
    }
    engine.transcribe(message.wav, { maxSpeakers: message.maxSpeakers }).then(
      (result) => send({ id: message.id, result }),
      (error: Error) => send({ id: message.id, error: error.stack ?? error.message }),
    );
  });
  send({ ready: true, name: engine.name });
} catch (error) {
  send({ loadError: (error as Error).message });
  process.disconnect();
}
