/**
 * Request and response shapes of the search calls (spec §3 "Search hits", §7 "Search", §9 page sizes).
 * Imported by the API handlers and by the SPA, so the two cannot drift.
 */
import { z } from 'zod';
import { strictNumber } from './numbers.js';
import { SEARCH_QUERY_MAX } from './meetings.js';

/** §9: text search 12 per page (also the client-side page of the name list), voice search 10. */
export const TEXT_SEARCH_PAGE_SIZE = 12;
export const VOICE_SEARCH_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE_MAX = 100;

const query = z.string('This field is required.').trim().min(1, 'This field is required.').max(SEARCH_QUERY_MAX);
/** Empty or missing: every meeting the caller may see. */
const meetingId = z.string().trim().max(64).optional().nullable().transform((v) => (v ? v : undefined));
const page = strictNumber('Enter a page number.').pipe(z.number().int('Enter a page number.').min(1, 'Enter a page number.')).default(1);
const pageSize = (fallback: number) => strictNumber('Enter a page size.').pipe(z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX)).default(fallback);

/** POST search/search_content/ */
export const searchContentRequest = z.object({ query, meeting_id: meetingId, page, page_size: pageSize(TEXT_SEARCH_PAGE_SIZE) });
export type SearchContentRequest = z.infer<typeof searchContentRequest>;

/** POST search/search_audio/ */
export const searchAudioRequest = z.object({ query, meeting_id: meetingId, page, page_size: pageSize(VOICE_SEARCH_PAGE_SIZE) });
export type SearchAudioRequest = z.infer<typeof searchAudioRequest>;

/**
 * POST search/ hit: a meeting whose name matches (image fields null), or whose frames show the words
 * (the best frame: presigned image and thumbnail URLs, its timestamp in seconds). `matches` lists the
 * matched words as written, for highlighting by prefix.
 */
export interface MeetingSearchHit {
  meeting_name: string;
  meeting_id: string;
  image_path: string | null;
  thumbnail_path: string | null;
  /** Pixel size of the frame image; boxes are relative to it (0..1). */
  scale: FrameScale | null;
  timestamp: number | null;
  matches: string[];
  /** Beside the spec's keys (issue 35): when the meeting started (ISO; its creation when it has no start), and where the query matched. */
  start_time: string | null;
  matched_in: Array<'name' | 'slide_text'>;
}

export interface FrameScale { width: number; height: number }

/** A box relative to the frame image: 0..1 of its width (x, width) and height (y, height). */
export interface WordBox { x: number; y: number; width: number; height: number }

/** Text-in-meeting hit: one frame showing every query word; `words` are the matched words with boxes. */
export interface ContentHit {
  timestamp: number;
  imageUrl: string;
  words: Array<{ box: WordBox; text: string }>;
  scale: FrameScale;
  meetingId: string;
  meetingName: string;
  /** Beside the spec's keys (issue 35): when the meeting started (ISO; its creation when it has no start). */
  meetingStartTime: string | null;
}

/** Voice hit: one spoken passage holding every query word; timestamp (s) of the first matched word. */
export interface AudioHit {
  meeting_name: string;
  meeting_id: string;
  timestamp: number;
  matched_content: string;
  /** The speaker label of the passage (spk_N). */
  speaker: string;
  /** The speaker's name as it is now (beside the spec's keys, issue 30): the host's or the service's name, else `Speaker N`. */
  speaker_name: string;
  /** Beside the spec's keys (issue 35): when the meeting started (ISO; its creation when it has no start). */
  meeting_start_time: string | null;
}

/** One page of text or voice hits with the total (spec §3: total matches, matched data). */
export interface SearchPage<Hit> { total_matches: number; page: number; page_size: number; matched_data: Hit[] }
