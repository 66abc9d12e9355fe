/** GET /api/meetings/?page=&page_size=&meeting_id= — one page of the caller's meetings (spec §7, page size 9). */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { MEETINGS_PAGE_SIZE, type MeetingView, type MeetingsPage } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

export const MEETINGS_KEY = '/api/meetings/';

export interface MeetingsQuery {
  page: number;
  /** Filters the list to this one meeting (share link, dashboard operation). */
  meetingId?: string;
}

/** The list URL for a query (also the SWR key, so each page is cached on its own). */
export function meetingsUrl({ page, meetingId }: MeetingsQuery): string {
  const params = new URLSearchParams({ page: String(page), page_size: String(MEETINGS_PAGE_SIZE) });
  if (meetingId) params.set('meeting_id', meetingId);
  return `${MEETINGS_KEY}?${params.toString()}`;
}

/** Fetches one page; throws ApiError. */
export function getMeetings(query: MeetingsQuery): Promise<MeetingsPage> {
  return apiRequest<MeetingsPage>(meetingsUrl(query));
}

/** True for every cached meetings-list key, to revalidate all pages after a change. */
export const isMeetingsKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(`${MEETINGS_KEY}?`);

/**
 * Whether the list should be fetched again for this meeting's processing: queued or running, or a recording
 * whose run has not reported yet (the upload event is handled just after the page reloads).
 */
export function stillProcessing(meeting: MeetingView): boolean {
  const status = meeting.processing?.status;
  if (status) return status === 'queued' || status === 'processing';
  return meeting.recording_available && !meeting.is_sample && meeting.end_time !== null;
}

export const PROCESSING_REFRESH_MS = 5000;

/** One page of meetings, cached per query; refreshed every 5 s only while one of them is processing. */
export function useMeetings(query: MeetingsQuery) {
  return useSWR(meetingsUrl(query), () => getMeetings(query), {
    keepPreviousData: true,
    refreshInterval: (page) => (page?.results.some(stillProcessing) ? PROCESSING_REFRESH_MS : 0),
  });
}

/** Reads every cached page of the list again (after a rename, a share or a removal of access). */
export function useRefreshMeetings(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(isMeetingsKey), [mutate]);
}
