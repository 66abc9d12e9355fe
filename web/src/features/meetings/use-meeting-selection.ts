/** The checkbox selection of the meetings list (spec §2): only meetings the user manages can be selected; a new page clears it. */
import { useEffect, useState } from 'react';
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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => setSelected(new Set()), [resetKey]);

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
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(selectable.map((m) => m.id))),
  };
}
