import { useCallback, useMemo } from 'react';
import { useCall } from '../../lib/http/use-call';
import { useT } from '../../lib/i18n/borrower';
import { usePageParams } from '../../lib/page-params';
import { contractDetailInPage, getContractDetail, type ContractKey } from './api/get-contract-detail';

/** The address params that name a contract, to carry from one agreement page to the other. */
export function contractParams(page: { orderId?: string | undefined; productId?: string | undefined }): Record<string, string> {
  if (page.orderId) return { orderId: page.orderId };
  return page.productId ? { productId: page.productId } : {};
}

/** The contract this address names: an order's (`orderId`, the order number) or the draft of a product's offer. */
export function useContract() {
  const t = useT();
  const { orderId, productId } = usePageParams();
  const key = useMemo<ContractKey>(() => (orderId ? { orderId } : { productId: productId ?? '' }), [orderId, productId]);
  const load = useCallback((signal: AbortSignal) => getContractDetail(key, t('agreement.loading'), signal), [key, t]);
  const inPage = useCallback(() => contractDetailInPage(key), [key]);
  return useCall(orderId || productId ? load : null, inPage)[0];
}
