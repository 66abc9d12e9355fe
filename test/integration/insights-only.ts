/**
 * The real `Insights` state of statemachines/process-meeting.asl.json (nested after BuildTranscript) as a machine of its own, and a way to
 * run it on a meeting whose transcript is put where BuildTranscript writes it (no speech recognition needed).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, GetExecutionHistoryCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { PROCESS_MEETING, type StateMachineDefinition } from '../../lib/definitions/workflows.js';
import { PROJECT_ROOT } from '../../local/runtime.js';
import { eventually } from '../helpers/eventually.js';

const INSIGHTS_TASKS = ['AnalyseSentimentFunctionArn', 'MarkSentimentFailedFunctionArn', 'GenerateNotesFunctionArn', 'MarkNotesFailedFunctionArn', 'DeliverNotesFunctionArn'];

export async function insightsOnlyMachine(dir: string): Promise<StateMachineDefinition> {
  const asl = JSON.parse(await readFile(path.join(PROJECT_ROOT, PROCESS_MEETING.aslFile), 'utf8'));
  const { End: _end, ...found } = findState(asl, 'Insights');
  const insights = { ...found, Next: 'Done', Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.insightsError', Next: 'Done' }] };
  const aslFile = path.join(dir, 'insights-only.asl.json');
  await writeFile(aslFile, JSON.stringify({ StartAt: 'Insights', States: { Insights: insights, Done: { Type: 'Succeed' } } }));
  const lambdaTasks = Object.fromEntries(INSIGHTS_TASKS.map((key) => [key, PROCESS_MEETING.lambdaTasks[key]!]));
  return { id: 'InsightsOnly', envVar: 'INSIGHTS_ONLY_STATE_MACHINE_ARN', localName: 'insights-only', aslFile, lambdaTasks };
}

/** The state called `name` wherever it sits (Insights is nested in ProcessMedia's audio branch, after BuildTranscript). */
function findState(machine: { States: Record<string, any> }, name: string): Record<string, unknown> {
  if (machine.States[name]) return machine.States[name];
  for (const state of Object.values(machine.States)) {
    for (const branch of state.Branches ?? []) {
      try { return findState(branch, name); } catch { /* not in this branch */ }
    }
  }
  throw new Error(`No state ${name} in the processing state machine`);
}

export type Turn = readonly [speakerLabel: string, start: number, text: string];

/** A transcript document as BuildTranscript writes it: one turn per entry, words 0.4 s apart. */
export function transcriptDocument(meetingId: string, turns: readonly Turn[]) {
  const labels = [...new Set(turns.map(([label]) => label))];
  return {
    version: 1, meetingId, durationSeconds: 60, speakers: labels.map((l) => `Speaker ${Number(l.slice(4)) + 1}`),
    turns: turns.map(([label, start, text]) => {
      const words = text.split(' ').map((w, i) => ({ text: w, start: start + i * 0.4, end: start + i * 0.4 + 0.35, confidence: 0.9 }));
      return { speaker: `Speaker ${Number(label.slice(4)) + 1}`, speakerLabel: label, start, end: words.at(-1)!.end, text, words };
    }),
  };
}

/** Puts the transcript of `meetingId` in S3 and runs the Insights machine on it; answers the task states it entered. */
export async function runInsights(machineArn: string, meetingId: string, turns: readonly Turn[]): Promise<string[]> {
  const jsonKey = `artefacts/${meetingId}/transcript.json`;
  await new S3Client({}).send(new PutObjectCommand({ Bucket: MEDIA_BUCKET.localName, Key: jsonKey, Body: JSON.stringify(transcriptDocument(meetingId, turns)), ContentType: 'application/json' }));
  const sfn = new SFNClient({});
  // The state as BuildTranscript leaves it: its result under `transcript`.
  const input = { meetingId, transcript: { jsonKey, textKey: `artefacts/${meetingId}/speaker_labeled_transcript.txt` } };
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn: machineArn, name: `run-${meetingId}`, input: JSON.stringify(input) }));
  const described = await eventually(async () => {
    const d = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (d.status === 'RUNNING') throw new Error('still running');
    return d;
  }, 60_000);
  if (described.status !== 'SUCCEEDED') throw new Error(`Insights run ended ${described.status}: ${described.error ?? ''} ${described.cause ?? ''}`);
  const events = (await sfn.send(new GetExecutionHistoryCommand({ executionArn: executionArn!, maxResults: 1000 }))).events!;
  return events.filter((e) => e.type === 'TaskStateEntered').map((e) => e.stateEnteredEventDetails!.name!);
}
