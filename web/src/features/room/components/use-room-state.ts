/** React state for a room session: the sessions publish partial changes through `publish`. */
import { useCallback, useState } from 'react';
import { INITIAL_ROOM_STATE, type Publish, type RoomState } from '../room-state.js';

export function useRoomState(): [RoomState, Publish] {
  const [state, setState] = useState<RoomState>(INITIAL_ROOM_STATE);
  const publish: Publish = useCallback((change) => {
    setState((s) => ({ ...s, ...(typeof change === 'function' ? change(s) : change) }));
  }, []);
  return [state, publish];
}

/** Closes the session when the page is left (unmount or tab closed), which stops the meeting (spec §4). */
export function closeOnLeave(close: () => void): () => void {
  window.addEventListener('pagehide', close);
  return () => {
    window.removeEventListener('pagehide', close);
    close();
  };
}
