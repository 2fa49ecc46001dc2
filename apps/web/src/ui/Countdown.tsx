import { useT } from '../lib/i18n';

/** Shows a countdown's seconds; the timer role lets readers ask for it without hearing every tick. */
export function Countdown({ left }: { left: number }) {
  const t = useT();
  return (
    <span className="countdown" role="timer" aria-live="off">
      {t('common.secondsLeft', { seconds: left })}
    </span>
  );
}
