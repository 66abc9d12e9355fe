/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
/**
 * Issue 28, item 7: the live room shares the meeting only with the guests the host confirms after the room.
 * Joining collects a guest (withGuest); the host's room view offers the list when the room has ended; nothing goes to
 * `POST meetings/attendees/` before the click, and only the ticked guests go then.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RoomView } from '../../../web/src/features/room/components/room-view.js';
import { withGuest } from '../../../web/src/features/room/room-guests.js';
import { INITIAL_ROOM_STATE, type RoomState } from '../../../web/src/features/room/room-state.js';
import { fakeFetch, type FetchCall } from '../../helpers/fake-fetch.js';

let calls: FetchCall[];
beforeEach(() => {
  calls = [];
  globalThis.fetch = fakeFetch(calls, () => ({ status: 200, json: { meeting_ids: ['m1'], attendees: [] } }));
});

const shares = () => calls.filter((c) => c.method === 'POST' && c.url.includes('/api/meetings/attendees/'));
const noop = () => undefined;
const GUESTS = [{ name: 'Ada Guest', email: 'ada@example.com' }, { name: 'Mallory', email: 'boss@example.com' }];

function view(state: Partial<RoomState>) {
  return (
    <MemoryRouter>
      <RoomView role="host" meetingId="m1" state={{ ...INITIAL_ROOM_STATE, ...state }} surveyEmail="host@example.com"
        onStart={noop} onMute={noop} onToggleRemoval={noop} onStop={noop} />
    </MemoryRouter>
  );
}

describe('withGuest', () => {
  it('keeps one entry per address, case-insensitively, and never the host', () => {
    let guests = withGuest([], { name: ' Ada ', email: 'Ada@Example.com ' }, 'host@example.com');
    guests = withGuest(guests, { name: 'Ada again', email: 'ada@example.com' }, 'host@example.com');
    guests = withGuest(guests, { name: 'Host', email: 'HOST@example.com' }, 'host@example.com');
    expect(guests).toEqual([{ name: 'Ada', email: 'ada@example.com' }]);
  });
});

describe('sharing with the guests after the room', () => {
  it('shares nothing while the room runs, and offers nothing before it ended', () => {
    const { rerender } = render(view({ phase: 'live', guests: GUESTS }));
    rerender(view({ phase: 'saving', guests: GUESTS }));
    expect(screen.queryByRole('button', { name: 'Share with the guests' })).toBeNull();
    expect(shares()).toEqual([]);
  });

  it('lists the guests when the room ended, shares the ticked ones on one click, then opens the survey', async () => {
    render(view({ phase: 'ended', endedBy: 'other', saved: true, guests: GUESTS }));
    expect(screen.getByText('Ada Guest <ada@example.com>')).toBeTruthy();
    expect(screen.queryByText('How would you rate your experience?')).toBeNull();
    expect(shares()).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mallory <boss@example.com>' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share with the guests' }));
    await screen.findByText('Shared with 1 guest.');
    expect(shares().map((c) => c.body)).toEqual([{ meeting_ids: ['m1'], attendees: [{ email: 'ada@example.com', name: 'Ada Guest' }], message_string: '' }]);
    await screen.findByText('How would you rate your experience?');
  });

  it("shares with nobody on Don't share, and the survey follows", async () => {
    render(view({ phase: 'ended', endedBy: 'other', saved: true, guests: GUESTS }));
    fireEvent.click(screen.getByRole('button', { name: "Don't share" }));
    await screen.findByText('How would you rate your experience?');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Share with the guests' })).toBeNull());
    expect(shares()).toEqual([]);
  });

  it('opens the survey at once when no guest joined (spec §4)', async () => {
    render(view({ phase: 'ended', endedBy: 'other', saved: true, guests: [] }));
    await screen.findByText('How would you rate your experience?');
    expect(screen.queryByRole('button', { name: 'Share with the guests' })).toBeNull();
  });
});
