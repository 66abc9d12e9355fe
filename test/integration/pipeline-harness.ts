/**
 * Helpers of the pipeline scenario tests: upload through the real API (presigned POST), wait for the meeting's
 * processing status, read an execution's history and the items the pipeline writes.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  DescribeExecutionCommand, GetExecutionHistoryCommand, ListExecutionsCommand, SFNClient, type DescribeExecutionCommandOutput, type HistoryEvent,
} from '@aws-sdk/client-sfn';
import { createBillingStore, createUsageLedger } from '../../functions/adapters/dynamodb/billing-repository.js';
import { minutesBalance } from '../../functions/core/billing/minutes.js';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { eventually } from '../helpers/eventually.js';
import { LOCAL_CREDENTIALS } from '../../local/runtime.js';
import { FIXTURES_DIR } from '../helpers/shared-data.js';

export const FIXTURES = FIXTURES_DIR;
export const fixture = (name: string) => path.join(FIXTURES, 'meeting', name);

// The run's key pair: a child edition inherits it (MEETSCRIBE_LOCAL_CREDENTIALS), and every embedded endpoint checks it.
const credentials = LOCAL_CREDENTIALS;
const region = 'us-east-1';

export interface Answer { status: number; body: any; text: string }

/** Talks to one running local edition (API at `url`, emulators at `endpoints`). */
export function pipelineHarness(target: () => { url: string; endpoints: Readonly<Record<string, string>>; stateMachineArn: string }) {
  const clients = () => {
    const { endpoints } = target();
    return {
      documents: DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints.DYNAMODB, region, credentials })),
      sfn: new SFNClient({ endpoint: endpoints.SFN, region, credentials }),
    };
  };

  const api = async (method: string, apiPath: string, token: string, json?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${target().url}/api/${apiPath}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    const text = await response.text();
    return { status: response.status, text, body: (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text };
  };

  /** Creates a meeting and uploads `bytes` as its recording through the presigned POST; returns the meeting id. */
  const uploadMeeting = async (token: string, name: string, bytes: Buffer, fileName: string): Promise<string> => {
    const created = await api('POST', 'meetings/', token, { name });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const link = await api('GET', `meetings/${id}/video_upload_url/?file_name=${encodeURIComponent(fileName)}`, token);
    expect(link.status).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries(link.body.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
    const posted = await fetch(link.body.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
    return id;
  };

  const uploadFixture = async (token: string, name: string) => uploadMeeting(token, name, await readFile(fixture(name)), name);

  /** The meeting as the API shows it, once `done` holds for it (polls; fails after `timeoutMs`). */
  const waitForMeeting = (token: string, id: string, done: (meeting: any) => boolean, timeoutMs: number) =>
    eventually(async () => {
      const answer = await api('GET', `meetings/${id}/`, token);
      if (answer.status !== 200 || !done(answer.body)) throw new Error(`meeting ${id} not there yet: ${JSON.stringify(answer.body?.processing)}`);
      return answer.body;
    }, timeoutMs, 250);

  const settled = (m: any) => m.processing?.status === 'ready' || m.processing?.status === 'failed';

  /** Executions of the process-meeting machine whose input names the meeting, oldest first, once none is running. */
  const executionsOf = async (meetingId: string): Promise<DescribeExecutionCommandOutput[]> => {
    const { sfn } = clients();
    return eventually(async () => {
      const list = (await sfn.send(new ListExecutionsCommand({ stateMachineArn: target().stateMachineArn }))).executions ?? [];
      const described = await Promise.all(list.map((e) => sfn.send(new DescribeExecutionCommand({ executionArn: e.executionArn }))));
      const mine = described.filter((d) => d.input?.includes(meetingId));
      if (mine.length === 0 || mine.some((d) => d.status === 'RUNNING')) throw new Error(`executions of ${meetingId} still running`);
      return mine.sort((a, b) => a.startDate!.getTime() - b.startDate!.getTime());
    }, 60_000, 200);
  };

  /** Names of the states entered, in order. */
  const statesEntered = async (executionArn: string): Promise<string[]> => {
    const events: HistoryEvent[] = [];
    let nextToken: string | undefined;
    do {
      const page = await clients().sfn.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000, nextToken }));
      events.push(...(page.events ?? []));
      nextToken = page.nextToken;
    } while (nextToken);
    return events.flatMap((e) => (e.stateEnteredEventDetails?.name ? [e.stateEnteredEventDetails.name] : []));
  };

  const item = async (pk: string, sk: string) =>
    (await clients().documents.send(new GetCommand({ TableName: MAIN_TABLE.localName, Key: { pk, sk }, ConsistentRead: true }))).Item;

  /** The host's minutes now, from the billing ledger (free plan of 60 minutes in these tests). */
  const minutesLeft = async (userId: string) => (await minutesBalance({
    store: createBillingStore(clients().documents, MAIN_TABLE.localName), ledger: createUsageLedger(clients().documents, MAIN_TABLE.localName),
    freeMinutes: 60, now: Date.now,
  }, userId)).left;

  /** The meeting's per-recording charge markers (`CHARGE#{etag}`). */
  const charges = async (meetingId: string) => (await clients().documents.send(new QueryCommand({
    TableName: MAIN_TABLE.localName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': `MEETING#${meetingId}`, ':c': 'CHARGE#' },
  }))).Items ?? [];

  const runClaims = async (meetingId: string) => (await clients().documents.send(new QueryCommand({
    TableName: MAIN_TABLE.localName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :run)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': `MEETING#${meetingId}`, ':run': 'RUN#' },
  }))).Items ?? [];

  return { api, uploadMeeting, uploadFixture, waitForMeeting, settled, executionsOf, statesEntered, item, minutesLeft, charges, runClaims, clients };
}

/** The audio path of a successful run, in history order (other branches' states interleave; the poll loop repeats). */
export const HAPPY_PATH_STATES = [
  'WhatWasGiven?', 'StartProcessing', 'IsThisRunClaimed?', 'ProbeMedia', 'ProcessMedia', 'ExtractAudio', 'StartTranscription',
  'GetTranscriptionJob', 'TranscriptionDone?', 'BuildTranscript', 'Finalize', 'Done',
];

/** `expected` as a subsequence of `states` (in order, gaps allowed), or the first state that is missing. */
export function missingInOrder(states: readonly string[], expected: readonly string[]): string | undefined {
  let at = 0;
  for (const name of expected) {
    const found = states.indexOf(name, at);
    if (found < 0) return name;
    at = found + 1;
  }
  return undefined;
}

export { PROCESS_MEETING };
