/** GET /api/action_items/?owner=&status=&due=&meeting_id=&page= — the action items of every meeting the user can read. */
import useSWR from 'swr';
import type { ActionItemsPage, DueFilter } from '@contracts/action-items.js';
import { apiRequest } from '../api-client.js';

export interface ActionItemsFilter {
  /** 'me', 'unassigned' or a person's name; empty: everyone. */
  owner?: string;
  status?: 'open' | 'done';
  due?: DueFilter;
  meetingId?: string;
}

export function actionItemsKey(filter: ActionItemsFilter, page: number): string {
  const q = new URLSearchParams();
  if (filter.owner) q.set('owner', filter.owner);
  if (filter.status) q.set('status', filter.status);
  if (filter.due) q.set('due', filter.due);
  if (filter.meetingId) q.set('meeting_id', filter.meetingId);
  q.set('page', String(page));
  return `/api/action_items/?${q.toString()}`;
}

/** One page of the ledger. Throws ApiError. */
export function getActionItems(filter: ActionItemsFilter, page = 1): Promise<ActionItemsPage> {
  return apiRequest<ActionItemsPage>(actionItemsKey(filter, page));
}

/** Every page of the filtered ledger (for the exports). Throws ApiError. */
export async function getAllActionItems(filter: ActionItemsFilter): Promise<ActionItemsPage['results']> {
  const first = await getActionItems(filter, 1);
  const rows = [...first.results];
  for (let page = 2; rows.length < first.count && page <= 200; page++) rows.push(...(await getActionItems(filter, page)).results);
  return rows;
}

export function useActionItems(filter: ActionItemsFilter, page: number) {
  return useSWR(actionItemsKey(filter, page), () => getActionItems(filter, page), { revalidateOnFocus: true, keepPreviousData: true });
}

/** SWR keys of the ledger (every filter and page), to refresh after a change. */
export const isActionItemsKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/action_items/');
