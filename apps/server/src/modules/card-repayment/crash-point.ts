import type { CardCrashPoint } from '../../config-defaults';

/**
 * A seam for the crash test of the card charge (docs/decisions/082): with CARD_CRASH_AT set (never
 * in production; the configuration refuses it), the process kills itself at that point of the
 * charge, as a power cut would, so a test can prove the reconciler settles what was left.
 */
export type CrashAt = (point: CardCrashPoint) => void;

export function crashAt(configured: CardCrashPoint | undefined): CrashAt {
  if (configured === undefined) return () => undefined;
  return (point) => {
    if (point === configured) process.kill(process.pid, 'SIGKILL');
  };
}
