// Study mode's timer: seconds since the session opened, counting up once a second while it is open.
import { useEffect, useState } from 'react';

export function useStudyTimer(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}
