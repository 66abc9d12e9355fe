/**
 * `npm start`: the whole product in one process on embedded AWS-compatible services.
 * Settings come from the environment (see README "Configuration"); nothing is required.
 */
import { readLocalConfig } from '../local/config.js';
import { PROJECT_ROOT, startLocalEdition } from '../local/runtime.js';

const started = Date.now();
const config = readLocalConfig(process.env, PROJECT_ROOT);
const log = (message: string, extra?: Record<string, unknown>) =>
  console.log(`[meetscribe] ${message}${extra ? ` ${JSON.stringify(extra)}` : ''}`);

const edition = await startLocalEdition({
  dataDir: config.dataDir, host: config.host, port: config.port,
  servicePorts: config.servicePorts, mail: config.mail, mailFrom: config.mailFrom, devRecordingsDir: config.devRecordingsDir, seedSamples: true, log,
});

console.log(`
MeetScribe is running at ${edition.url}
${edition.mailboxUrl ? `Local mailbox (sign-up codes, resets, shares): ${edition.mailboxUrl}\n` : ''}Data folder: ${config.dataDir}
Ready in ${Date.now() - started} ms. Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n[meetscribe] ${signal}: stopping…`);
    edition.stop().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
  });
}
