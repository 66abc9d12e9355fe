/**
 * Runs the local edition in its own process for crash tests: prints one JSON line when ready.
 * Usage: tsx test/helpers/local-edition-child.ts <dataDir> [waitScale]
 */
import { STATE_MACHINES, type StateMachineDefinition } from '../../lib/definitions/workflows.js';
import { startLocalEdition } from '../../local/runtime.js';

export const RESUME_MACHINE: StateMachineDefinition = {
  id: 'ResumeAfterCrash', envVar: 'RESUME_AFTER_CRASH_STATE_MACHINE_ARN', localName: 'resume-after-crash',
  aslFile: 'test/fixtures/crash/resume-after-crash.asl.json', lambdaTasks: {},
};

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: local-edition-child.ts <dataDir> [waitScale]');
const waitScale = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
if (waitScale !== undefined && !(waitScale >= 0)) throw new Error(`waitScale must be a number ≥ 0, not ${process.argv[3]}`);
const edition = await startLocalEdition({ dataDir, port: 0, waitScale, stateMachines: [...STATE_MACHINES, RESUME_MACHINE] });
console.log(JSON.stringify({ ready: true, url: edition.url, endpoints: edition.endpoints, resumeArn: edition.stepFunctions.arnFor(RESUME_MACHINE.id) }));
