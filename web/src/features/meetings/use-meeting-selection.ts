/** The checkbox selection of the meetings list (spec §2): only meetings the user manages can be selected; a new page clears it. */
import { useState } from 'react';
import type { MeetingView } from '@contracts/meetings.js';
import { canManage } from './permissions.js';

export interface MeetingSelection {
  selectable: MeetingView[];
  selectedMeetings: MeetingView[];
  allSelected: boolean;
  isSelected: (meetingId: string) => boolean;
  toggle: (meetingId: string) => void;
  toggleAll: () => void;
}

/** Selection over `meetings`; `resetKey` changing (page, single-meeting view) empties it. */
export function useMeetingSelection(meetings: MeetingView[], email: string | undefined, resetKey: string): MeetingSelection {
  // The selection remembers the key it was made under and is dropped in the render that sees a new key
  // (React's "adjusting state when a prop changes", no effect and no render of the stale selection).
  const [state, setState] = useState<{ key: string; ids: Set<string> }>({ key: resetKey, ids: new Set() });
  if (state.key !== resetKey) setState({ key: resetKey, ids: new Set() });
  const selected = state.key === resetKey ? state.ids : new Set<string>();
  const setSelected = (update: (current: Set<string>) => Set<string>) => setState((s) => ({ key: s.key, ids: update(s.ids) }));

  const selectable = meetings.filter((m) => canManage(m, email));
  const allSelected = selectable.length > 0 && selectable.every((m) => selected.has(m.id));
  return {
    selectable,
    selectedMeetings: meetings.filter((m) => selected.has(m.id)),
    allSelected,
    isSelected: (id) => selected.has(id),
    toggle: (id) => setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    }),
    toggleAll: () => setSelected(() => (allSelected ? new Set() : new Set(selectable.map((m) => m.id)))),
  };
}
