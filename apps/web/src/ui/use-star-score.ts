import { Limits } from '@lend/contracts';
import { useState } from 'react';
import { ApiError } from '../lib/http/errors';
import { useT } from '../lib/i18n';

/** Star values 1..5 of every rating dialog. */
export const STARS: readonly number[] = Array.from({ length: Limits.ratingMax }, (_, i) => i + 1);

/**
 * The star rating of loan orders and complaints without its markup: star n sets score n; sending
 * without a star sets `problem` to `requiredMessage`; a stored score or a cancel resets both. The
 * send's refusal (its call leaves it to the caller) or a transport failure is the `problem` too:
 * the dialog says it under its stars, where the borrower looks, since a modal dialog sits above
 * the page's toasts (docs/decisions/234).
 */
export function useStarScore(send: (score: number) => Promise<void>, requiredMessage: string) {
  const t = useT();
  const [score, setScoreValue] = useState(0);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const setScore = (n: number) => {
    setScoreValue(n);
    setProblem(null);
  };

  const reset = () => {
    setScoreValue(0);
    setProblem(null);
  };

  const submit = async () => {
    if (score < Limits.ratingMin) {
      setProblem(requiredMessage);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await send(score);
      setScoreValue(0);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('errors.network'));
    } finally {
      setSending(false);
    }
  };

  return { score, setScore, sending, reset, submit, problem };
}
