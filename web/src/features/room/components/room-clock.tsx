/** The clock on the room's welcome area, refreshed every 5 seconds (spec §9). */
import { useEffect, useState } from 'react';
import { formatTimeOfDay } from '../../../lib/time.js';
import { CLOCK_REFRESH_MS } from '../room-texts.js';

export function RoomClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return <time className="room-clock" dateTime={now.toISOString()} aria-label="Current time">{formatTimeOfDay(now)}</time>;
}
