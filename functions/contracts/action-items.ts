/**
 * The action items ledger (issue 33; docs/insights.md, "Action items ledger"): `GET action_items/` over every meeting
 * the caller can read, `PATCH action_items/{id}/` and `DELETE action_items/{id}/`. Imported by the API and by the SPA.
 */
import { z } from 'zod';
import { strictNumber } from './numbers.js';

export const ACTION_ITEMS_PAGE_SIZE = 50;
export const ACTION_ITEM_CONTENT_MAX = 500;
export const ACTION_ITEM_OWNER_MAX = 100;
export const ACTION_ITEM_DUE_MAX = 150;

export type ActionItemStatusView = 'open' | 'done';
export const DUE_FILTERS = ['overdue', 'this_week', 'later', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

export const ACTION_ITEM_MESSAGES = {
  notFound: 'Action item not found.',
  hostOnly: 'Only the host of the meeting can edit its action items.',
  ownOnly: 'You can only mark action items assigned to you done or open.',
  nothingToChange: 'Send at least one of content, owner, due, due_date, status or kept.',
  kept: 'kept can only be true (keep a suggested item; delete the item to drop it).',
  contentEmpty: 'The action item may not be empty.',
  contentTooLong: `An action item may not be longer than ${ACTION_ITEM_CONTENT_MAX} characters.`,
  ownerTooLong: `An owner may not be longer than ${ACTION_ITEM_OWNER_MAX} characters.`,
  dueTooLong: `The due text may not be longer than ${ACTION_ITEM_DUE_MAX} characters.`,
  dueDate: 'due_date must be a date written YYYY-MM-DD, or null.',
  status: 'status must be "open" or "done".',
  page: 'page must be a whole number from 1.',
  dueFilter: `due must be one of ${DUE_FILTERS.join(', ')}.`,
} as const;

/** One row of the ledger. `due_date` is the host's date, else the one read from `due` and the meeting's date. */
export interface ActionItemRow {
  id: string;
  meeting_id: string;
  meeting_name: string;
  /** The meeting's start (ISO), which relative due texts are read against. */
  meeting_date: string;
  number: number;
  content: string;
  owner: string | null;
  due: string | null;
  due_date: string | null;
  status: ActionItemStatusView;
  timestamp_range: { start_time: number; end_time: number };
  stored_in_todoist: boolean;
  /** The caller hosts the meeting: may edit, delete and toggle. */
  can_edit: boolean;
  /** The caller may mark it done or open (host, or the participant it is assigned to). */
  can_toggle: boolean;
}

export interface ActionItemsPage {
  count: number;
  results: ActionItemRow[];
  /** Every owner named across the caller's items (before filtering), for the owner filter. */
  owners: string[];
  /** The caller's meetings that have action items (before filtering), newest first, for the meeting filter. */
  meetings: { id: string; name: string }[];
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ACTION_ITEM_MESSAGES.dueDate)
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(Date.parse(s)).toISOString().startsWith(s), ACTION_ITEM_MESSAGES.dueDate);

export const listActionItemsQuery = z.object({
  owner: z.string().trim().max(ACTION_ITEM_OWNER_MAX, ACTION_ITEM_MESSAGES.ownerTooLong).optional(),
  status: z.enum(['open', 'done'], ACTION_ITEM_MESSAGES.status).optional(),
  due: z.enum(DUE_FILTERS, ACTION_ITEM_MESSAGES.dueFilter).optional(),
  meeting_id: z.string().min(1).max(200).optional(),
  page: strictNumber(ACTION_ITEM_MESSAGES.page).pipe(z.number().int(ACTION_ITEM_MESSAGES.page).min(1, ACTION_ITEM_MESSAGES.page)).default(1),
});
export type ListActionItemsQuery = z.infer<typeof listActionItemsQuery>;

export const updateActionItemRequest = z.strictObject({
  content: z.string(ACTION_ITEM_MESSAGES.contentEmpty).trim().min(1, ACTION_ITEM_MESSAGES.contentEmpty)
    .max(ACTION_ITEM_CONTENT_MAX, ACTION_ITEM_MESSAGES.contentTooLong).optional(),
  owner: z.string().trim().max(ACTION_ITEM_OWNER_MAX, ACTION_ITEM_MESSAGES.ownerTooLong).nullable().optional()
    .transform((o) => (o === '' ? null : o)),
  due: z.string().trim().max(ACTION_ITEM_DUE_MAX, ACTION_ITEM_MESSAGES.dueTooLong).nullable().optional()
    .transform((d) => (d === '' ? null : d)),
  due_date: isoDate.nullable().optional(),
  status: z.enum(['open', 'done'], ACTION_ITEM_MESSAGES.status).optional(),
  kept: z.literal(true, ACTION_ITEM_MESSAGES.kept).optional(),
}, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : undefined) })
  .refine((b) => Object.values(b).some((v) => v !== undefined),
    { message: ACTION_ITEM_MESSAGES.nothingToChange, when: (payload) => payload.issues.length === 0 });
export type UpdateActionItemRequest = z.infer<typeof updateActionItemRequest>;
/** What a client sends (before the schema trims and turns '' into null). */
export type ActionItemChange = z.input<typeof updateActionItemRequest>;
