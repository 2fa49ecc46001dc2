import { useCallback, useEffect, useRef, useState } from 'react';

export type CountdownControls = {
  /** Seconds left; 0 when stopped. */
  left: number;
  running: boolean;
  /** Starts again from the full count, also while running (SMS resend). */
  restart: () => void;
  /** Stops and clears the count without calling onEnd. */
  reset: () => void;
};

/** Seconds remaining when `elapsedMs` have passed since a start of `seconds`. */
export function secondsLeft(seconds: number, elapsedMs: number): number {
  return Math.max(0, seconds - Math.floor(elapsedMs / 1000));
}

/**
 * Counts down once a second from `seconds`. Time is measured from the start, not by
 * counting ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(seconds: number, onEnd?: () => void, autoStart = false): CountdownControls {
  const [startedAt, setStartedAt] = useState<number | null>(() => (autoStart ? Date.now() : null));
  const [left, setLeft] = useState(autoStart ? seconds : 0);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    if (startedAt === null) return;
    const tick = () => {
      const remaining = secondsLeft(seconds, Date.now() - startedAt);
      setLeft(remaining);
      if (remaining === 0) {
        setStartedAt(null);
        onEndRef.current?.();
      }
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [startedAt, seconds]);

  const restart = useCallback(() => {
    setLeft(seconds);
    setStartedAt(Date.now());
  }, [seconds]);
  const reset = useCallback(() => {
    setStartedAt(null);
    setLeft(0);
  }, []);

  return { left, running: startedAt !== null, restart, reset };
}
