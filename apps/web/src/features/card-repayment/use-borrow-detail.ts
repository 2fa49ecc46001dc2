import { CardRepaymentStatus, type CardRepaymentResult, type RepaymentWayData } from '@lend/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { isAborted } from '../../lib/http/errors';
import { useT, type Translate } from '../../lib/i18n/hash';
import { useToast } from '../../ui/toast/ToastProvider';
import { getRepaymentResult } from './api/get-repayment-result';
import { getRepaymentWay } from './api/get-repayment-way';
import { withRepayRecord } from './card-links';

export type DetailView =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'listing'; listing: RepaymentWayData }
  | { kind: 'result'; result: CardRepaymentResult; message?: string | undefined };

/** A repayment worth showing on load; one still waiting for its code is not a result. */
const isShownResult = (result: CardRepaymentResult) => result.status !== CardRepaymentStatus.AwaitingCode;

async function loadView(orderId: string, repayRecordId: string | undefined, t: Translate, signal: AbortSignal): Promise<DetailView> {
  if (repayRecordId) {
    const reply = await getRepaymentResult(orderId, repayRecordId, signal);
    if (reply.ok && isShownResult(reply.data)) return { kind: 'result', result: reply.data };
  }
  const reply = await getRepaymentWay(orderId, signal);
  if (reply.ok) return { kind: 'listing', listing: reply.data };
  return { kind: 'failed', message: reply.message || t('card.detail.listFailed') };
}

/**
 * Borrow detail's state: the listing (saved cards, token, amount) or a repayment's result. With
 * repayRecordId in the address (back from the checkout page) the result comes first. A shown
 * result is named in the address so a reload shows it again; trying again drops it and asks for
 * a fresh listing, since a listing's token pays once.
 */
export function useBorrowDetail(orderId: string, initialRecordId: string | undefined) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: later changes of the address are this screen's own.
  const [firstRecordId] = useState(initialRecordId);
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<DetailView>({ kind: 'loading' });
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setView({ kind: 'loading' });
    loadView(orderId, attempt === 0 ? firstRecordId : undefined, t, controller.signal).then(setView, (error: unknown) => {
      if (!isAborted(error)) setView({ kind: 'failed', message: t('errors.network') });
    });
    return () => controller.abort();
  }, [orderId, firstRecordId, attempt, t]);

  const showResult = useCallback(
    (result: CardRepaymentResult, message?: string) => {
      setView({ kind: 'result', result, message });
      navigate({ search: withRepayRecord(location.search, result.repayRecordId) }, { replace: true });
    },
    [navigate, location.search],
  );

  /** Asks where a repayment stands and shows it; a refusal or a lost answer is said in a toast. */
  const showRecord = useCallback(
    async (repayRecordId: string) => {
      setRefreshing(true);
      try {
        const reply = await getRepaymentResult(orderId, repayRecordId);
        if (reply.ok) showResult(reply.data);
        else toast.show(reply.message);
      } catch {
        toast.show(t('errors.network'));
      } finally {
        setRefreshing(false);
      }
    },
    [orderId, showResult, toast, t],
  );

  const retry = useCallback(() => {
    navigate({ search: withRepayRecord(location.search, null) }, { replace: true });
    setAttempt((n) => n + 1);
  }, [navigate, location.search]);

  return { view, refreshing, showResult, showRecord, retry };
}
