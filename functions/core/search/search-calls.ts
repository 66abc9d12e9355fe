import { nameOf } from '../speakers/resolve-names.js';
import type { AudioHit, ContentHit, MeetingSearchHit, SearchPage } from '../../contracts/search.js';
import { NotFound } from '../errors.js';
import type { Caller } from '../meetings/access.js';
import { visibleMeetings } from '../meetings/list-meetings.js';
import type { MeetingsRepository, RecordingStorage } from '../meetings/model.js';
import { matchName } from '../meetings/name-search.js';
import type { FrameDoc, SearchIndex, SegmentDoc } from './model.js';
import { queryTerms, wordMatches } from './text.js';

export interface SearchPorts {
  readonly meetings: Pick<MeetingsRepository, 'listAccess' | 'findMeetings'>;
  readonly index: SearchIndex;
  readonly images: Pick<RecordingStorage, 'presignDownload'>;
  /** The meeting's speaker names as they are now (`Speaker N` → name), read per query so a rename shows at once. */
  readonly speakerNames?: (meetingId: string) => Promise<Readonly<Record<string, string>>>;
}

export interface PageRequest { readonly query: string; readonly meetingId?: string; readonly page: number; readonly pageSize: number }

/** Image links in hits live as long as a recording link. */
export const IMAGE_URL_SECONDS = 60 * 60;
/** OpenSearch's default result window; the embedded index keeps the same bound. */
const MAX_WINDOW = 10_000;

const distinct = (words: readonly string[]) => [...new Set(words)];
const scaleOf = (f: FrameDoc) => ({ width: f.width, height: f.height });

/**
 * POST search/: the caller's meetings whose name or on-screen text holds every query word (by word
 * prefix), one hit per meeting: name matches first, then meetings found by a frame (its best frame).
 * A name hit also carries the meeting's best frame when one matches.
 */
export async function searchMeetings(ports: SearchPorts, caller: Caller, query: string): Promise<MeetingSearchHit[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const meetingIds = (await visibleMeetings(ports.meetings, caller)).map((e) => e.meetingId);
  const [named, frames] = await Promise.all([
    matchNames(ports, meetingIds, query, terms),
    ports.index.bestFramePerMeeting({ terms, meetingIds, limit: meetingIds.length }),
  ]);
  const frameOf = new Map(frames.map((f) => [f.meetingId, f]));
  const names = await meetingNames(ports, frames.map((f) => f.meetingId));
  const hits: MeetingSearchHit[] = [];
  for (const m of named) hits.push(await meetingHit(ports, m.meetingId, m.name, m.matches, terms, frameOf.get(m.meetingId)));
  const listed = new Set(named.map((m) => m.meetingId));
  for (const f of frames) {
    if (!listed.has(f.meetingId) && names.has(f.meetingId)) hits.push(await meetingHit(ports, f.meetingId, names.get(f.meetingId)!, [], terms, f));
  }
  const starts = await meetingStarts(ports, hits.map((h) => h.meeting_id));
  return hits.map((h) => ({ ...h, start_time: starts.get(h.meeting_id) ?? null }));
}

/**
 * POST search/search_content/: one page of frames showing every query word, in one meeting or all the
 * caller's, with the matched words' boxes. Throws NotFound when the meeting is not visible to the caller.
 */
export async function searchContent(ports: SearchPorts, caller: Caller, request: PageRequest): Promise<SearchPage<ContentHit>> {
  const { terms, meetingIds, from, size } = await scope(ports, caller, request);
  const found = await ports.index.searchFrames({ terms, meetingIds, from, size });
  const names = await meetingNames(ports, found.hits.map((f) => f.meetingId));
  const starts = await meetingStarts(ports, [...names.keys()]);
  const hits = await Promise.all(found.hits.filter((f) => names.has(f.meetingId)).map(async (f): Promise<ContentHit> => ({
    timestamp: f.timestamp,
    imageUrl: await ports.images.presignDownload(f.imageKey, IMAGE_URL_SECONDS),
    words: f.words.filter((w) => wordMatches(w.text, terms))
      .map((w) => ({ text: w.text, box: { x: w.box.left, y: w.box.top, width: w.box.width, height: w.box.height } })),
    scale: scaleOf(f),
    meetingId: f.meetingId,
    meetingName: names.get(f.meetingId)!,
    meetingStartTime: starts.get(f.meetingId) ?? null,
  })));
  return { total_matches: found.total, page: request.page, page_size: request.pageSize, matched_data: hits };
}

/**
 * POST search/search_audio/: one page of spoken passages holding every query word, timestamped at the
 * first matched word. Throws NotFound when the meeting is not visible to the caller.
 */
export async function searchAudio(ports: SearchPorts, caller: Caller, request: PageRequest): Promise<SearchPage<AudioHit>> {
  const { terms, meetingIds, from, size } = await scope(ports, caller, request);
  const found = await ports.index.searchSegments({ terms, meetingIds, from, size });
  const names = await meetingNames(ports, found.hits.map((s) => s.meetingId));
  const speakers = new Map(await Promise.all([...names.keys()].map(async (id) => [id, await ports.speakerNames?.(id) ?? {}] as const)));
  const starts = await meetingStarts(ports, [...names.keys()]);
  const hits = found.hits.filter((s) => names.has(s.meetingId)).map((s: SegmentDoc): AudioHit => ({
    meeting_name: names.get(s.meetingId)!,
    meeting_id: s.meetingId,
    timestamp: s.words.find((w) => wordMatches(w.text, terms))?.start ?? s.start,
    matched_content: s.words.map((w) => w.text).join(' '),
    speaker: s.speaker,
    speaker_name: nameOf(speakers.get(s.meetingId) ?? {}, s.speaker),
    meeting_start_time: starts.get(s.meetingId) ?? null,
  }));
  return { total_matches: found.total, page: request.page, page_size: request.pageSize, matched_data: hits };
}

async function scope(ports: SearchPorts, caller: Caller, request: PageRequest) {
  const visible = (await visibleMeetings(ports.meetings, caller)).map((e) => e.meetingId);
  if (request.meetingId !== undefined && !visible.includes(request.meetingId)) throw new NotFound('Meeting not found.');
  const from = Math.min((request.page - 1) * request.pageSize, MAX_WINDOW - request.pageSize);
  return { terms: queryTerms(request.query), meetingIds: request.meetingId ? [request.meetingId] : visible, from, size: request.pageSize };
}

/** Names from the index; meetings it does not hold (e.g. seeded sample meetings) fall back to the repository. */
async function matchNames(ports: SearchPorts, meetingIds: string[], query: string, terms: string[]) {
  const [known, matched] = await Promise.all([ports.index.findMeetings(meetingIds), ports.index.matchMeetingNames({ terms, meetingIds })]);
  const knownIds = new Set(known.map((m) => m.meetingId));
  const unknown = meetingIds.filter((id) => !knownIds.has(id));
  const fallback = unknown.length === 0 ? [] : (await ports.meetings.findMeetings(unknown))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .flatMap((m) => { const matches = matchName(m.name, query); return matches ? [{ meetingId: m.id, name: m.name, matches }] : []; });
  return [...matched.map((m) => ({ meetingId: m.meetingId, name: m.name, matches: matchName(m.name, query) ?? [] })), ...fallback];
}

async function meetingNames(ports: SearchPorts, meetingIds: readonly string[]): Promise<Map<string, string>> {
  const ids = distinct(meetingIds);
  const names = new Map((await ports.index.findMeetings(ids)).map((m) => [m.meetingId, m.name]));
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length > 0) for (const m of await ports.meetings.findMeetings(missing)) names.set(m.id, m.name);
  return names;
}

/** When each meeting started (its creation when it has no start), for the hits' dates. */
async function meetingStarts(ports: SearchPorts, meetingIds: readonly string[]): Promise<Map<string, string>> {
  const ids = distinct(meetingIds);
  if (ids.length === 0) return new Map();
  return new Map((await ports.meetings.findMeetings(ids)).map((m) => [m.id, m.startTime ?? m.createdAt]));
}

async function meetingHit(
  ports: SearchPorts, meetingId: string, name: string, nameMatches: string[], terms: string[], frame: FrameDoc | undefined,
): Promise<MeetingSearchHit> {
  const byName: MeetingSearchHit['matched_in'] = nameMatches.length > 0 ? ['name'] : [];
  if (!frame) {
    return {
      meeting_name: name, meeting_id: meetingId, image_path: null, thumbnail_path: null, scale: null, timestamp: null, matches: nameMatches, start_time: null,
      matched_in: byName,
    };
  }
  const [image, thumbnail] = await Promise.all([
    ports.images.presignDownload(frame.imageKey, IMAGE_URL_SECONDS), ports.images.presignDownload(frame.thumbnailKey, IMAGE_URL_SECONDS),
  ]);
  const frameMatches = frame.words.filter((w) => wordMatches(w.text, terms)).map((w) => w.text);
  return {
    meeting_name: name, meeting_id: meetingId, image_path: image, thumbnail_path: thumbnail, scale: scaleOf(frame),
    timestamp: frame.timestamp, matches: distinct([...nameMatches, ...frameMatches]), start_time: null,
    matched_in: frameMatches.length > 0 ? [...byName, 'slide_text'] : byName,
  };
}
