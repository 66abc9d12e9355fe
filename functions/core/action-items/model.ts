/**
 * Ports of the action items ledger (issue 33). The items live in their meeting's notes (one DynamoDB item per meeting);
 * adapters implement these ports, tests use in-memory ones.
 */
import type { Caller } from '../meetings/access.js';
import type { MeetingsRepository } from '../meetings/model.js';
import type { ActionItem, MeetingNotes } from '../notes/model.js';

/** The action items of one meeting's current notes. */
export interface MeetingActionItems {
  readonly meetingId: string;
  readonly notesId: string;
  readonly items: readonly ActionItem[];
  /** Found through the host's ledger index (false: read by key, e.g. notes written before the index or just regenerated). */
  readonly indexed?: boolean;
  /** The speaker names the notes were written with (`speaker_names` of the notes; absent in older notes). */
  readonly speakerNames?: Readonly<Record<string, string>>;
}

/** Port: action items where the notes keep them. */
export interface ActionItemsStore {
  /**
   * The items of these meetings' ready notes; meetings without notes are left out. `hostUserId`'s own meetings come
   * from one index query (those indexed), the rest by key.
   */
  loadMany(meetingIds: readonly string[], hostUserId: string): Promise<MeetingActionItems[]>;
  /** Puts these meetings' notes in `hostUserId`'s ledger index (so later reads find them by one query). */
  index(meetingIds: readonly string[], hostUserId: string): Promise<void>;
  /**
   * Applies `change` to the meeting's current notes and stores the result under an optimistic check (re-reading
   * and re-applying when the notes changed meanwhile). `change` answers undefined to store nothing.
   * Answers the notes as stored, or undefined when the meeting has no ready notes.
   */
  change(meetingId: string, change: (notes: MeetingNotes) => MeetingNotes | undefined): Promise<MeetingNotes | undefined>;
}

/** Port: the names a user goes by (their profile's name), to tell which items are theirs. */
export interface PeopleDirectory { displayName(userId: string): Promise<string | undefined> }

/** Port: the host's Todoist, to close or reopen the task made from an item. Throws when Todoist fails. */
export interface TaskCompletion { setDone(hostUserId: string, taskId: string, done: boolean): Promise<void> }

export interface LedgerDeps {
  readonly meetings: Pick<MeetingsRepository, 'listAccess' | 'findMeetings'>;
  readonly items: ActionItemsStore;
  readonly people: PeopleDirectory;
  readonly clock: () => number;
  /** The meetings' current speaker names (display label → name): rows show them (issue 30); without it, names as written. */
  readonly speakerNames?: (meetingIds: readonly string[]) => Promise<ReadonlyMap<string, Readonly<Record<string, string>>>>;
}

export interface EditDeps extends LedgerDeps {
  readonly meetingAccess: Pick<MeetingsRepository, 'find'>;
  readonly tasks?: TaskCompletion;
  readonly log?: (message: string, extra?: Record<string, unknown>) => void;
}

export type { Caller };
