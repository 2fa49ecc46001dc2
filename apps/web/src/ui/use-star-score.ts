import { Limits } from '@lend/contracts';
import { useState } from 'react';
import { ApiError } from '../lib/http/errors';
import { useT } from '../lib/i18n';
import { toast } from '../lib/toast';

/** Star values 1..5 of every rating dialog. */
export const STARS: readonly number[] = Array.from({ length: Limits.ratingMax }, (_, i) => i + 1);

/**
 * The star rating of loan orders and complaints without its markup: star n sets score n; sending without a star
 * shows `requiredMessage`; a stored score or a cancel resets it. A refusal was already shown by
 * the envelope toast; a transport failure gets the network message.
 */
export function useStarScore(send: (score: number) => Promise<void>, requiredMessage: string) {
  const t = useT();
  const [score, setScore] = useState(0);
  const [sending, setSending] = useState(false);

  const reset = () => setScore(0);

  const submit = async () => {
    if (score < Limits.ratingMin) {
      toast.show(requiredMessage);
      return;
    }
    setSending(true);
    try {
      await send(score);
      setScore(0);
    } catch (error) {
      if (!(error instanceof ApiError)) toast.show(t('errors.network'));
    } finally {
      setSending(false);
    }
  };

  return { score, setScore, sending, reset, submit };
}
