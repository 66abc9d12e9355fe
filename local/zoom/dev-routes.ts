/**
 * The /dev/zoom/ endpoints of the local Zoom server, served on the app gateway (docs/integrations.md):
 * GET /dev/zoom/ reads out the state; POST /dev/zoom/recordings {email, topic, file, stall_ms?, stall_downloads?} — or
 * {email, topic, participants: [{name, email, file}], provide?, transcript_vtt?} (speaker-files.ts) — makes a cloud
 * recording and sends `recording.completed`; POST /dev/zoom/deauthorize {email} uninstalls the app and sends `app_deauthorized`.
 */
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { allowedRecordingFile, token } from '../provider-kit/index.js';
import { describeRecording, outsideRecordingDirs, recordingFields } from '../provider-kit/meeting-provider.js';
import { route, type Call, type Reply, type Route } from '../provider-kit/routes.js';
import { buildMeetingFiles, PROVIDABLE, type Participant, type Provided } from './speaker-files.js';
import type { ZoomRecording, ZoomRecordingFile, ZoomServer } from './server.js';

export const ZOOM_DEV_HELP = 'Dev endpoints: GET /dev/zoom/, POST /dev/zoom/recordings {email, topic, file} or {email, topic, participants: '
  + '[{name, email, file}], provide}, POST /dev/zoom/deauthorize {email}.';
const SEND_JSON = 'Send JSON {email, topic, file} or {email, topic, participants: [{name, email, file}], provide?} (files: paths of recordings on this '
  + 'machine).';

type Built = Awaited<ReturnType<typeof buildMeetingFiles>>;
type Meeting = { participants: Participant[]; provide: Set<Provided>; transcriptVtt?: string };
const bad = (message: string): Reply => ({ status: 400, body: { message } });

export function zoomDevRoutes(zoom: ZoomServer): Route[] {
  const { state, save, options } = zoom;

  function readOut(): Reply {
    return { status: 200, body: {
      endpoint: zoom.endpoint, accounts: Object.values(state.accounts), recordings: state.recordings.map(zoom.meetingJson),
      deliveries: state.deliveries.slice(-50),
      // Files created with stall_ms; stall_downloads_left reaches 0 once the last pausing download has begun.
      stalls: state.recordings.flatMap((r) => r.files.filter((f) => f.stall_ms).map((f) => ({ file_id: f.id, stall_ms: f.stall_ms,
        stall_downloads_left: f.stall_downloads ?? null }))),
    } };
  }

  /** The mix and speaker files built from each participant's own track (every track checked against the recording folders). */
  async function buildFromTracks(meeting: Meeting, uuid: string, given: string | undefined): Promise<Built | Reply> {
    const tracks: Participant[] = [];
    for (const person of meeting.participants) {
      const track = allowedRecordingFile(person.file, options.recordingDirs);
      if (!track) return bad(`${person.name}: ${outsideRecordingDirs(options.recordingDirs)}`);
      tracks.push({ ...person, file: track });
    }
    try {
      const folder = path.join(options.dataDir, 'zoom-media', uuid.replace(/[^A-Za-z0-9_-]/g, ''));
      return await buildMeetingFiles(folder, tracks, meeting.provide, given, meeting.transcriptVtt);
    } catch (error) {
      return bad(`The participants' files could not be read: ${(error as Error).message}`);
    }
  }

  async function addRecording(call: Call): Promise<Reply> {
    const body = await call.json();
    const { email, file, topic } = recordingFields(body, 'Zoom meeting');
    const meeting = participantsOf(body);
    if (typeof meeting === 'string') return bad(meeting);
    if (!email || (!file && !meeting)) return bad(SEND_JSON);
    const given = file ? allowedRecordingFile(file, options.recordingDirs) : undefined;
    if (file && !given) return bad(outsideRecordingDirs(options.recordingDirs));
    const uuid = `${token(16)}==`;
    const built = meeting ? await buildFromTracks(meeting, uuid, given) : undefined;
    if (built && 'status' in built) return built;
    // The recording is the given file, or the mix built here from the participants' tracks (both checked above).
    const allowed = built?.mix ?? given;
    if (!allowed) return bad(outsideRecordingDirs(options.recordingDirs));
    const facts = await describeRecording(allowed, file);
    if (typeof facts === 'string') return bad(facts);
    const recording = newRecording(zoom, { uuid, email, topic, body, ...facts });
    if (built) addSpeakerFiles(recording, built);
    state.recordings.push(recording);
    save();
    const { files: _f, ...object } = zoom.meetingJson(recording) as ReturnType<ZoomServer['meetingJson']> & { files?: unknown };
    const status = await zoom.deliver({ event: 'recording.completed', event_ts: Date.now(), download_token: token(), payload: {
      account_id: recording.account_id, object } }, recording.uuid);
    return { status: 201, body: { recording: zoom.meetingJson(recording), webhook_status: status } };
  }

  async function deauthorize(call: Call): Promise<Reply> {
    const body = await call.json();
    const acct = state.accounts[String(body.email ?? '').toLowerCase()];
    if (!acct) return { status: 404, body: { message: 'No such test account.' } };
    zoom.forgetTokens(acct.email);
    save();
    const status = await zoom.deliver({ event: 'app_deauthorized', event_ts: Date.now(), payload: {
      account_id: acct.account_id, user_id: acct.id, signature: token(), deauthorization_time: new Date().toISOString(),
      client_id: state.credentials.client_id, user_data_retention: String(body.user_data_retention ?? 'false'),
    } });
    return { status: 200, body: { webhook_status: status } };
  }

  return [
    route('GET', '/dev/zoom', readOut),
    route('POST', '/dev/zoom/recordings', addRecording),
    route('POST', '/dev/zoom/deauthorize', deauthorize),
  ];
}

/** A cloud recording of one file (MP4, or M4A for audio only) that ends now, with the dev call's stall options. */
function newRecording(zoom: ZoomServer, input: { uuid: string; email: string; topic: string; body: Record<string, unknown>; path: string;
  size: number; durationSeconds: number }): ZoomRecording {
  const { body } = input;
  const host = zoom.account(input.email);
  const start = new Date(Date.now() - input.durationSeconds * 1000);
  const m4a = /\.m4a$/i.test(input.path);
  const stall = {
    ...(typeof body.stall_ms === 'number' && body.stall_ms > 0 ? { stall_ms: Math.min(body.stall_ms, 120_000) } : {}),
    ...(typeof body.stall_downloads === 'number' && Number.isInteger(body.stall_downloads) && body.stall_downloads >= 0 ?
      { stall_downloads: body.stall_downloads } : {}),
  };
  return {
    uuid: input.uuid, id: Math.floor(1e10 + Math.random() * 8e10), host_id: host.id, host_email: input.email, account_id: host.account_id,
    topic: input.topic, type: 2, start_time: start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    duration: Math.max(1, Math.round(input.durationSeconds / 60)), total_size: input.size, recording_count: 1,
    files: [{ id: randomUUID(), file_type: m4a ? 'M4A' : 'MP4', recording_type: m4a ? 'audio_only' : 'shared_screen_with_speaker_view',
      file_size: input.size, status: 'completed', recording_start: start.toISOString(), recording_end: new Date().toISOString(), path: input.path,
      ...stall }],
  };
}

/** The participants and the files to provide of a recording made from each participant's own track; a message when malformed. */
function participantsOf(body: Record<string, unknown>): Meeting | string | undefined {
  if (body.participants === undefined) return undefined;
  const list = body.participants;
  if (!Array.isArray(list) || list.length === 0 || list.length > 20) return 'participants must be a list of 1 to 20 {name, email, file}.';
  const participants: Participant[] = [];
  for (const p of list as Record<string, unknown>[]) {
    if (typeof p?.name !== 'string' || !p.name.trim() || typeof p.file !== 'string' ||
      !p.file) return 'Each participant needs a name and a file (a path of that person\'s own track on this machine).';
    participants.push({ name: p.name.trim(), email: typeof p.email === 'string' ? p.email : '', file: p.file });
  }
  const provide = body.provide === undefined ? ['participant_audio'] : body.provide;
  if (!Array.isArray(provide) || provide.some((x) => !PROVIDABLE.includes(x as Provided))) return `provide must list some of ${PROVIDABLE.join(', ')}.`;
  if (body.transcript_vtt !== undefined && typeof body.transcript_vtt !== 'string') return 'transcript_vtt must be a WebVTT text.';
  return { participants, provide: new Set(provide as Provided[]), transcriptVtt: body.transcript_vtt as string | undefined };
}

/** Adds the built TIMELINE, TRANSCRIPT and per-participant files to the recording, as Zoom lists them. */
function addSpeakerFiles(recording: ZoomRecording, built: Built) {
  const { recording_start, recording_end } = recording.files[0];
  const extra = (filePath: string, fileType: string, recordingType: string): ZoomRecordingFile => ({
    id: randomUUID(), file_type: fileType, recording_type: recordingType, file_size: statSync(filePath).size, path: filePath,
    status: 'completed', recording_start, recording_end,
  });
  if (built.timeline) recording.files.push(extra(built.timeline, 'TIMELINE', 'timeline'));
  if (built.transcript) recording.files.push(extra(built.transcript, 'TRANSCRIPT', 'audio_transcript'));
  if (built.tracks.length > 0) recording.participant_files = built.tracks.map((t) => ({ ...extra(t.path, 'M4A', 'audio_only'),
    file_name: `Audio only - ${t.name}` }));
  recording.recording_count = recording.files.length;
}
