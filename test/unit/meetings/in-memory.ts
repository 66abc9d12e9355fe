import { MemoryLimits } from '../accounts/in-memory.js';
import os from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { EmbeddedSearchIndex } from '../../../functions/adapters/search-index/embedded.js';
import { createApiHandler, type Authenticator } from '../../../functions/api/http/router.js';
import { meetingRoutes, type MeetingsDependencies } from '../../../functions/api/meetings/routes.js';
import { searchRoutes } from '../../../functions/api/search/routes.js';
import type { AskPorts } from '../../../functions/core/ask/ask.js';
import { EmbeddedPassageIndex } from '../../../functions/adapters/passage-index/embedded.js';
import { hashingEmbedder } from '../ask/hashing-embedder.js';
import { surveyRoutes } from '../../../functions/api/surveys/routes.js';
import { Unauthenticated } from '../../../functions/core/errors.js';
import type { MailMessage } from '../../../functions/core/accounts/ports.js';
import type {
  AccessEntry, AttendeeRecord, MeetingRecord, MeetingsRepository, ProcessingStarter, RecordingStorage, StoredUpload,
} from '../../../functions/core/meetings/model.js';
import type { SurveyRecord } from '../../../functions/core/surveys/submit-survey.js';
import type { Chapter } from '../../../functions/core/chapters/model.js';

/** Meetings kept in maps, with the same semantics as the DynamoDB repository. */
export class InMemoryMeetings implements MeetingsRepository {
  readonly meetings = new Map<string, MeetingRecord>();
  readonly attendees = new Map<string, AttendeeRecord[]>();

  async create(meeting: MeetingRecord, host: AttendeeRecord) {
    if (this.meetings.has(meeting.id)) throw new Error('exists');
    this.meetings.set(meeting.id, meeting);
    this.attendees.set(meeting.id, [host]);
  }
  async find(id: string) {
    const meeting = this.meetings.get(id);
    return meeting && { meeting, attendees: [...(this.attendees.get(id) ?? [])] };
  }
  async findMeetings(ids: readonly string[]) {
    return ids.flatMap((id) => (this.meetings.has(id) ? [this.meetings.get(id)!] : []));
  }
  async findMany(ids: readonly string[]) {
    const found = await Promise.all([...new Set(ids)].map((id) => this.find(id)));
    return found.filter((a) => a !== undefined);
  }
  async listAccess(email: string): Promise<AccessEntry[]> {
    return [...this.meetings.values()]
      .filter((m) => this.attendees.get(m.id)?.some((a) => a.email === email))
      .map((m) => ({ meetingId: m.id, createdAt: m.createdAt }))
      .sort((a, b) => `${b.createdAt}#${b.meetingId}`.localeCompare(`${a.createdAt}#${a.meetingId}`));
  }
  async update(id: string, changes: Partial<MeetingRecord>) {
    const current = this.meetings.get(id);
    if (!current) return undefined;
    const updated = { ...current, ...changes };
    this.meetings.set(id, updated);
    return updated;
  }
  async addAttendee(meeting: MeetingRecord, attendee: AttendeeRecord) {
    const list = this.attendees.get(meeting.id)!;
    if (list.some((a) => a.email === attendee.email)) return false;
    list.push(attendee);
    return true;
  }
  async removeAttendee(id: string, email: string) {
    this.attendees.set(id, (this.attendees.get(id) ?? []).filter((a) => a.email !== email));
  }
  async remove(id: string) {
    this.meetings.delete(id);
    this.attendees.delete(id);
  }
}

/** Objects by key; presigned URLs are descriptive strings the tests can inspect. */
export class InMemoryStorage implements RecordingStorage {
  readonly objects = new Map<string, StoredUpload>();
  readonly presigned: Array<{ key: string; contentType: string; maxBytes: number; expiresSeconds: number }> = [];
  async presignUpload(request: { key: string; contentType: string; maxBytes: number; expiresSeconds: number }) {
    this.presigned.push(request);
    return { url: 'memory://bucket', fields: { key: request.key, 'Content-Type': request.contentType } };
  }
  async latestUpload(meetingId: string) {
    return [...this.objects.values()].filter((o) => o.key.startsWith(`uploads/${meetingId}/`)).at(-1);
  }
  async presignDownload(key: string, expiresSeconds: number) { return `memory://bucket/${key}?expires=${expiresSeconds}`; }
  async presignAttachment(key: string, expiresSeconds: number, fileName: string) {
    return `memory://bucket/${key}?expires=${expiresSeconds}&attachment=${encodeURIComponent(fileName)}`;
  }
  async removeMeetingObjects(meetingId: string) {
    for (const key of [...this.objects.keys()]) {
      if (key.startsWith(`uploads/${meetingId}/`) || key.startsWith(`artefacts/${meetingId}/`)) this.objects.delete(key);
    }
  }
}

export class InMemoryProcessing implements ProcessingStarter {
  readonly started = new Map<string, Record<string, unknown>>();
  async start(name: string, input: Record<string, unknown>) {
    if (this.started.has(name)) return 'already_started' as const;
    this.started.set(name, input);
    return 'started' as const;
  }
}

export const USERS = {
  host: { userId: 'u-host', email: 'host@example.com' },
  participant: { userId: 'u-part', email: 'part@example.com' },
  stranger: { userId: 'u-stranger', email: 'stranger@example.com' },
} as const;

/** Tokens are the role names; anything else is rejected as the JWT authenticator would. */
export const fakeAuthenticator: Authenticator = {
  async authenticate(token) {
    const user = USERS[token as keyof typeof USERS];
    if (!user) throw new Unauthenticated('Token is invalid or expired.');
    return user;
  },
};

export function world(start = Date.parse('2025-03-01T10:00:00Z'), ask: Pick<AskPorts, 'llm' | 'onExtractiveFallback'> = {}) {
  let now = start;
  let ids = 0;
  const meetings = new InMemoryMeetings();
  const storage = new InMemoryStorage();
  const processing = new InMemoryProcessing();
  const mails: MailMessage[] = [];
  /** Addresses whose mail the mailer refuses (as SES would, e.g. while throttled). */
  const undeliverable = new Set<string>();
  const surveys: SurveyRecord[] = [];
  const minutes = new Map<string, number>();
  /** The chapters of meetings' ready notes, as Ask reads them (set by a test). */
  const chapters = new Map<string, Chapter[]>();
  const passages = new EmbeddedPassageIndex(path.join(os.tmpdir(), `meetings-unit-passages-${process.pid}-${Date.now()}`));
  const deps: MeetingsDependencies = {
    meetings, storage, processing,
    minutes: { minutesLeft: async (userId) => minutes.get(userId) ?? 60 },
    users: { displayName: async (userId) => (userId === USERS.host.userId ? 'Hana Host' : undefined) },
    mailer: {
      send: async (mail) => {
        if (undeliverable.has(mail.to)) throw new Error(`Mail to ${mail.to} refused`);
        mails.push(mail);
      },
    },
    clock: () => now,
    newId: () => `id-${++ids}`,
    appUrl: 'https://app.example.com',
    limits: new MemoryLimits(),
  };
  const routes = [
    ...meetingRoutes(deps),
    // An empty search index (never written here): name search falls back to the repository.
    ...searchRoutes({
      meetings, images: storage, index: new EmbeddedSearchIndex(path.join(os.tmpdir(), `meetings-unit-empty-index-${process.pid}`)),
      passages, embedder: hashingEmbedder(), chapters: { findChapters: async (id) => chapters.get(id) }, ...ask,
    }),
    ...surveyRoutes({ surveys: { save: async (s) => { surveys.push(s); } }, meetings, clock: deps.clock, newId: deps.newId }),
  ];
  const handler = createApiHandler(routes, { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
  return {
    deps, meetings, storage, processing, mails, undeliverable, surveys, minutes, passages, chapters,
    tick: (ms: number) => { now += ms; },
    call: (method: string, path: string, options: { token?: string; body?: unknown; query?: Record<string, string>; form?: boolean } = {}) =>
      invoke(handler, method, path, options),
  };
}

export interface CallResult { status: number; body: any; raw: string }

async function invoke(
  handler: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>,
  method: string, path: string, options: { token?: string; body?: unknown; query?: Record<string, string>; form?: boolean },
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | null = null;
  if (options.body !== undefined) {
    headers['Content-Type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    body = options.form ? new URLSearchParams(options.body as Record<string, string>).toString() : JSON.stringify(options.body);
  }
  const [pathOnly, search] = path.split('?');
  const query = { ...Object.fromEntries(new URLSearchParams(search ?? '')), ...options.query };
  const event = {
    httpMethod: method, path: pathOnly, headers, body, isBase64Encoded: false, queryStringParameters: Object.keys(query).length > 0 ? query : null,
    multiValueHeaders: {}, multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null, resource: '/api/{proxy+}',
    requestContext: { identity: { sourceIp: '127.0.0.1' } },
  } as unknown as APIGatewayProxyEvent;
  const result = await handler(event, {} as Context);
  let parsed: unknown = result.body;
  try { parsed = result.body ? JSON.parse(result.body) : undefined; } catch { /* plain text */ }
  return { status: result.statusCode, body: parsed, raw: result.body };
}
