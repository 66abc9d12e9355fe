/**
 * GET /api/meetings/{id}/transcript/ — a presigned link to speaker_labeled_transcript.txt (url null while
 * not ready, spec §4), and the file itself fetched from that link.
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { TranscriptLink, TranscriptStatus } from '@contracts/transcripts.js';
import { ApiError, SERVICE_UNAVAILABLE, apiRequest } from '../api-client.js';

export const transcriptKey = (meetingId: string) => `/api/meetings/${encodeURIComponent(meetingId)}/transcript/`;

/** What the transcript modal shows: the file's text once ready, else null with the status (and failure reason). */
export interface TranscriptContent {
  status: TranscriptStatus;
  reason: string | null;
  text: string | null;
}

/** The downloads the transcript call offers (?format=); txt is the spec's speaker_labeled_transcript.txt. */
export type TranscriptFormat = 'txt' | 'srt' | 'vtt' | 'json';

/** Fetches the link (of the txt file, or of another format); throws ApiError. */
export function getTranscriptLink(meetingId: string, format?: TranscriptFormat): Promise<TranscriptLink> {
  return apiRequest<TranscriptLink>(format && format !== 'txt' ? `${transcriptKey(meetingId)}?format=${format}` : transcriptKey(meetingId));
}

/**
 * Fetches the text file from a presigned link (no bearer token: the link carries its own signature).
 * Throws ApiError: 503 when nothing answered, the HTTP status otherwise.
 */
export async function fetchTranscriptFile(url: string): Promise<string> {
  let response: Response;
  try {
    // Two links made within the same second are the same URL (SigV4 dates are in seconds): without no-store the
    // browser may answer the second from its cache with the file as it was before a rename or a correction.
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new ApiError(503, SERVICE_UNAVAILABLE);
  }
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => null));
  return response.text();
}

/** The link, then the file when there is one. Throws ApiError. */
export async function getTranscript(meetingId: string): Promise<TranscriptContent> {
  const link = await getTranscriptLink(meetingId);
  if (!link.url) return { status: link.status, reason: link.reason, text: null };
  return { status: 'ready', reason: null, text: await fetchTranscriptFile(link.url) };
}

const STILL_RUNNING: ReadonlySet<TranscriptStatus> = new Set(['queued', 'processing']);
const POLL_MS = 10_000;

/** The transcript of a meeting; polls while it is queued or being processed. */
export function useTranscript(meetingId: string) {
  return useSWR(transcriptKey(meetingId), () => getTranscript(meetingId), {
    revalidateOnFocus: false,
    refreshInterval: (data) => (data && STILL_RUNNING.has(data.status) ? POLL_MS : 0),
  });
}

/** One timed word of the JSON download (seconds). */
export interface TimedWord { text: string; start: number; end: number }

/**
 * The JSON download's timing: each line's words (`lines[i].words`, in the order of the text file's lines) and which
 * lines' times are estimates (an imported transcript whose file gave no times: `lines[i].estimated`).
 */
export interface TranscriptTiming {
  words: TimedWord[][];
  estimated: boolean[];
}

export async function getTranscriptWords(meetingId: string): Promise<TranscriptTiming> {
  const link = await getTranscriptLink(meetingId, 'json');
  if (!link.url) return { words: [], estimated: [] };
  const parsed = JSON.parse(await fetchTranscriptFile(link.url)) as { lines?: Array<{ words?: TimedWord[]; estimated?: boolean }> };
  const lines = parsed.lines ?? [];
  return {
    words: lines.map((line) => (line.words ?? []).filter((w) => typeof w.start === 'number' && typeof w.text === 'string')),
    estimated: lines.map((line) => line.estimated === true),
  };
}

export const transcriptWordsKey = (meetingId: string) => `${transcriptKey(meetingId)}?format=json`;

/** The words with their times once the transcript is ready (null key while not); a failure leaves the lines without word times. */
export function useTranscriptWords(meetingId: string, ready: boolean) {
  return useSWR(ready ? transcriptWordsKey(meetingId) : null, () => getTranscriptWords(meetingId), {
    revalidateOnFocus: false, shouldRetryOnError: false,
  });
}

/**
 * After a rename: reads the rewritten file from the answer's link and puts it into the cached transcript as is (no second
 * read of the link). Answers the text; throws ApiError and leaves the cache alone when the file cannot be read.
 */
export function useShowRewrittenTranscript(meetingId: string): (url: string) => Promise<string> {
  const { mutate } = useSWRConfig();
  return useCallback(async (url: string) => {
    const text = await fetchTranscriptFile(url);
    void mutate(transcriptKey(meetingId), { status: 'ready', reason: null, text } satisfies TranscriptContent, { revalidate: false });
    return text;
  }, [meetingId, mutate]);
}
