/**
 * The notes' action items chosen for Todoist (spec §2): for the host with Todoist connected, each not-yet-stored item
 * with an id can be checked; 'Add to Todoist' stores the checked ones, and after success all checks reset.
 */
import { useState } from 'react';
import type { NotesResponse } from '@contracts/insights.js';
import { errorField } from '../../api/error-messages.js';
import { useStoreActionItemsInTodoist } from '../../api/insights/store-action-items.js';
import { useUser } from '../../api/users/get-user.js';
import type { Outcome } from '../../components/message.js';

/** §8 text when storing fails without a reason the user can act on. */
export const TODOIST_STORE_FAILED = 'There was problem while storing your action items in Todoist. Please contact support.';

export interface TodoistSelection {
  /** Whether items can be checked at all (the host, with Todoist connected). */
  enabled: boolean;
  checked: ReadonlySet<number>;
  toggle(number: number): void;
}

const toggled = (set: ReadonlySet<number>, number: number): ReadonlySet<number> => {
  const next = new Set(set);
  if (!next.delete(number)) next.add(number);
  return next;
};

/** The checked items of `notes`, and the store call with its outcome. */
export function useTodoistSelection(meetingId: string, notes: NotesResponse | undefined, isHost: boolean) {
  const { data: user } = useUser();
  const store = useStoreActionItemsInTodoist(meetingId);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [storing, setStoring] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const selection: TodoistSelection = {
    checked,
    enabled: isHost && Boolean(user?.todoist_integrated && user.todoist_access_token_exists),
    toggle: (number) => setChecked((current) => toggled(current, number)),
  };

  const addToTodoist = async () => {
    if (!notes) return;
    setStoring(true);
    setOutcome(undefined);
    try {
      await store(notes, [...checked].sort((a, b) => a - b));
      setChecked(new Set());
      setOutcome({ ok: true, text: 'Added to your Todoist inbox.' });
    } catch (failure) {
      setOutcome({ ok: false, text: errorField(failure, 'detail') ?? errorField(failure, 'non_field_errors') ?? TODOIST_STORE_FAILED });
    } finally {
      setStoring(false);
    }
  };
  return { selection, storing, outcome, addToTodoist };
}

export type TodoistStore = ReturnType<typeof useTodoistSelection>;
