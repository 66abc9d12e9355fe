/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { act, renderHook } from '@testing-library/react';
import type { MeetingView } from '@contracts/meetings.js';
import { useMeetingSelection } from '../../../web/src/features/meetings/use-meeting-selection.js';

const HOST = 'host@example.com';
const meeting = (id: string, host = HOST) => ({ id, name: id, hosts: [{ email: host }], attendees: [], is_sample: false }) as unknown as MeetingView;
const page = [meeting('m1'), meeting('m2'), meeting('m3', 'other@example.com')];

describe('useMeetingSelection', () => {
  it('selects only the meetings the user manages, one by one or all at once', () => {
    const { result } = renderHook(() => useMeetingSelection(page, HOST, '1:'));

    act(() => result.current.toggle('m1'));
    const afterOne = result.current.selectedMeetings.map((m) => m.id);
    act(() => result.current.toggleAll());

    expect(afterOne).toEqual(['m1']);
    expect(result.current.selectable.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(result.current.selectedMeetings.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(result.current.allSelected).toBe(true);
  });

  it('empties the selection on another page and does not bring it back on the way back', () => {
    const { result, rerender } = renderHook(({ key }) => useMeetingSelection(page, HOST, key), { initialProps: { key: '1:' } });
    act(() => result.current.toggle('m2'));

    rerender({ key: '2:' });
    const onPageTwo = result.current.selectedMeetings.length;
    rerender({ key: '1:' });

    expect(onPageTwo).toBe(0);
    expect(result.current.selectedMeetings).toEqual([]);
  });
});
