import { useEffect, useState } from 'react';
import { renderNow } from '../../lib/preload';

export interface TimeLeft {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Zero-padded parts of the time until `target`, or null when none is left (spec section 4). */
export function timeLeft(target: number, now: number): TimeLeft | null {
  const ms = target - now;
  if (ms <= 0) return null;
  const total = Math.floor(ms / 1000);
  return {
    days: pad(Math.floor(total / 86_400)),
    hours: pad(Math.floor((total % 86_400) / 3_600)),
    minutes: pad(Math.floor((total % 3_600) / 60)),
    seconds: pad(total % 60),
  };
}

/** Ticks each second; shows nothing when switched off or when the time has passed. */
export function Countdown({ target, enabled = true }: { target: Date; enabled?: boolean }) {
  // A server-rendered page hydrates at the time the server drew it, then ticks from the clock.
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [enabled]);
  const left = enabled ? timeLeft(target.getTime(), now) : null;
  if (!left) return null;
  return (
    <div className="countdown" aria-label="Time left">
      {(['days', 'hours', 'minutes', 'seconds'] as const).map((part) => (
        <span key={part} className="countdown__part">
          <strong>{left[part]}</strong>
          <small>{part}</small>
        </span>
      ))}
    </div>
  );
}
