/** The clock on the room's welcome area, refreshed every 5 seconds (spec §9). */
import { useEffect, useState } from 'react';
import { CLOCK_REFRESH_MS } from '../room-texts.js';

const format = (date: Date) => date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export function RoomClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return <time className="room-clock" dateTime={now.toISOString()} aria-label="Current time">{format(now)}</time>;
}
