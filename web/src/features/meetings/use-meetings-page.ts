/**
 * The state of the My Meetings screen (spec §2): the page, the search, the meetings of the page, the selection and the
 * option actions. With a meeting id only that meeting is listed, and an operation (watchRecording, notes, transcript) runs once.
 */
import { useEffect, useRef, useState } from 'react';
import { MEETINGS_PAGE_SIZE } from '@contracts/meetings.js';
import { useMeetings, useRefreshMeetings } from '../../api/meetings/get-meetings.js';
import { pageCount } from '../../components/page-window.js';
import { DASHBOARD_OPERATIONS, meetingOptions } from './permissions.js';
import type { SearchType } from './components/search-bar.js';
import { useMeetingActions } from './use-meeting-actions.js';
import { useMeetingSelection } from './use-meeting-selection.js';

export function useMeetingsPage(email: string | undefined, meetingId?: string, operation?: string) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<{ type: SearchType; query: string }>({ type: 'Name', query: '' });
  const list = useMeetings({ page, meetingId });
  const { data } = list;
  const refresh = useRefreshMeetings();
  const actions = useMeetingActions();
  const meetings = data?.results ?? [];
  const filtered = meetingId ? meetings.find((m) => m.id === meetingId) : undefined;
  const selection = useMeetingSelection(meetings, email, `${page}:${meetingId ?? ''}`);

  const ranOperation = useRef(false);
  useEffect(() => {
    const wanted = DASHBOARD_OPERATIONS.find((o) => o === operation);
    if (!wanted || !filtered || ranOperation.current || !meetingOptions(filtered, email).includes(wanted)) return;
    ranOperation.current = true;
    actions.run(filtered, wanted);
  }, [operation, filtered, email, actions]);

  // A delete can empty the last page: step back to the page before it.
  useEffect(() => {
    if (data && data.results.length === 0 && page > 1) setPage(page - 1);
  }, [data, page]);

  const searchFor = (type: SearchType, query: string) => {
    setSearch({ type, query });
    setPage(1);
  };
  const totalPages = pageCount(data?.count ?? 0, MEETINGS_PAGE_SIZE);
  return { page, setPage, totalPages, search, searchFor, list, meetings, filtered, refresh, actions, selection };
}
