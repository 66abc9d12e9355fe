import { NOTHING_ANSWERS, type AskAnswer, type AskCitation } from '../../contracts/ask.js';
import { chapterAt, type ChapterPlace } from '../chapters/chapter-at.js';
import { NotFound } from '../errors.js';
import type { Caller } from '../meetings/access.js';
import { visibleMeetings } from '../meetings/list-meetings.js';
import type { MeetingsRepository, RecordingStorage } from '../meetings/model.js';
import type { LlmProvider } from '../llm/model.js';
import type { FusedPassage } from './fusion.js';
import { generateAnswer } from './generated.js';
import { highlightSentences } from './highlights.js';
import { passageText, type PassageDoc } from './model.js';
import { ASK_ADAPTER } from './adapter-data.js';
import { ADAPTER, rankPassages, type Rankings, type RetrievalPorts } from './retrieval.js';
import { questionTerms } from './terms.js';

export interface AskPorts extends RetrievalPorts {
  readonly meetings: Pick<MeetingsRepository, 'listAccess' | 'findMeetings'>;
  readonly images: Pick<RecordingStorage, 'presignDownload'>;
  /** A language model (optional): answers are then generated from the citations, else extractive. */
  readonly llm?: LlmProvider;
  /** Told why a generated answer was not used (the model down, an answer citing nothing or a passage not given). */
  readonly onExtractiveFallback?: (reason: string) => void;
  /** The chapters stored with a meeting's ready notes (undefined without them); without this port citations name no chapter. */
  readonly chapters?: { findChapters(meetingId: string): Promise<readonly ChapterPlace[] | undefined> };
}

export interface AskQuestion {
  readonly question: string;
  readonly meetingId?: string;
  readonly maxCitations: number;
  readonly retrieval: 'words' | 'vectors' | 'hybrid';
}

/**
 * Below this cosine between the (unadapted) question and the best passage, nothing answers (calibrated with
 * `npm run eval:ask -- --direct` on QMSum's train meetings, docs/search.md "Ask").
 */
export const UNADAPTED_ANSWER_THRESHOLD = 0.2;
/**
 * The threshold on the adapted cosine (question adapter on, USE Lite's vectors): the one that turns away as many training
 * questions as the unadapted one (`npm run train:ask-adapter`).
 */
export const ADAPTED_ANSWER_THRESHOLD = ASK_ADAPTER.answerThreshold;
/** The threshold of the product's embedder (USE Lite): the adapted one while the adapter is on. */
export const ANSWER_THRESHOLD = ADAPTER ? ADAPTED_ANSWER_THRESHOLD : UNADAPTED_ANSWER_THRESHOLD;
/** Slide images in citations live as long as search's frame links. */
const IMAGE_URL_SECONDS = 60 * 60;

/**
 * POST search/ask/: the passages of the caller's readable meetings (or of one of them) that answer the
 * question, best first, with the sentences that answer highlighted. With a language model, a short answer written
 * from those passages (`generated`, each sentence citing `[n]`); without one, or when its answer is refused or
 * it does not answer, `extractive` (no text is written). Throws NotFound when `meetingId` is not a meeting the caller may read.
 */
export async function askMeetings(ports: AskPorts, caller: Caller, ask: AskQuestion): Promise<AskAnswer> {
  const visible = (await visibleMeetings(ports.meetings, caller)).map((e) => e.meetingId);
  if (ask.meetingId !== undefined && !visible.includes(ask.meetingId)) throw new NotFound('Meeting not found.');
  const rankings = await rankPassages(ports, ask.question, ask.meetingId ? [ask.meetingId] : visible);
  const ranked = rankedBy(rankings, ask.retrieval);
  if (!answers(rankings)) return { answer: NOTHING_ANSWERS, mode: 'extractive', citations: [] };
  const chosen = distinctPassages(ranked, ask.maxCitations);
  const names = new Map((await ports.meetings.findMeetings([...new Set(chosen.map((p) => p.meetingId))])).map((m) => [m.id, m.name]));
  const terms = questionTerms(ask.question);
  const chapters = await chaptersByMeeting(ports, [...names.keys()]);
  const citations = await Promise.all(chosen.filter((p) => names.has(p.meetingId))
    .map((p) => citationOf(ports, p, names.get(p.meetingId)!, terms, chapters.get(p.meetingId) ?? [])));
  if (citations.length === 0) return { answer: NOTHING_ANSWERS, mode: 'extractive', citations: [] };
  if (ports.llm) {
    const generated = await generateAnswer(ports.llm, ask.question, citations.map(promptPassage));
    if ('answer' in generated) return { answer: generated.answer, mode: 'generated', citations };
    ports.onExtractiveFallback?.(generated.refused);
  }
  return { answer: answerText(citations[0]), mode: 'extractive', citations };
}

/** A citation as the model reads it: its meeting, time and lines. */
const promptPassage = (c: AskCitation): string => `Meeting "${c.meeting_name}", from ${clock(c.start_time)}:\n${c.text}`;
const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const rankedBy = (r: Rankings, retrieval: AskQuestion['retrieval']): PassageDoc[] =>
  r[retrieval].map((hit: FusedPassage | { passage: PassageDoc }) => hit.passage);

/**
 * Something answers when the question's nearest passage is close enough (a vector cosine, on one scale for every question).
 * `eval:ask --direct` applies this same rule, so its figures are the product's.
 */
export const answers = (r: Pick<Rankings, 'vectors' | 'adapted'>): boolean =>
  (r.vectors[0]?.score ?? 0) >= (r.adapted ? ADAPTED_ANSWER_THRESHOLD : UNADAPTED_ANSWER_THRESHOLD);

/** The best passages, skipping one that overlaps a passage of the same meeting already chosen. */
export function distinctPassages(ranked: readonly PassageDoc[], limit: number): PassageDoc[] {
  const chosen: PassageDoc[] = [];
  for (const p of ranked) {
    if (chosen.length >= limit) break;
    const overlaps = chosen.some((c) => c.meetingId === p.meetingId && c.kind === p.kind && c.firstTurn <= p.lastTurn && p.firstTurn <= c.lastTurn);
    if (!overlaps) chosen.push(p);
  }
  return chosen;
}

/** Each cited meeting's chapters, read at request time (so regenerated notes show at once). */
async function chaptersByMeeting(ports: AskPorts, meetingIds: readonly string[]): Promise<Map<string, readonly ChapterPlace[]>> {
  const finder = ports.chapters;
  if (!finder) return new Map();
  return new Map(await Promise.all(meetingIds.map(async (id) => [id, (await finder.findChapters(id)) ?? []] as const)));
}

async function citationOf(
  ports: AskPorts, p: PassageDoc, meetingName: string, terms: readonly string[], chapters: readonly ChapterPlace[],
): Promise<AskCitation> {
  const text = passageText(p);
  const chapter = chapterAt(chapters, p.firstTurn, p.start);
  return {
    meeting_id: p.meetingId, meeting_name: meetingName, start_time: p.start, end_time: p.end, speaker: p.lines[0]?.speaker ?? '',
    text, highlights: highlightSentences(text, terms), turns: [p.firstTurn, p.lastTurn],
    ...(p.imageKey ? { image_url: await ports.images.presignDownload(p.imageKey, IMAGE_URL_SECONDS) } : {}),
    ...(chapter ? { chapter: { title: chapter.title, start_time: chapter.start_time } } : {}),
  };
}

/** The answer: the best citation's highlighted sentences, verbatim, else its first line. */
function answerText(c: AskCitation): string {
  if (c.highlights.length === 0) return c.text.split('\n')[0];
  return c.highlights.map(([start, end]) => c.text.slice(start, end)).join(' … ');
}
