import { useCallback } from 'react';
import { useCall } from '../../lib/http/use-call';
import { useT } from '../../lib/i18n';
import { usePageParams } from '../../lib/page-params';
import { getContractDetail, type ContractKey } from './api/get-contract-detail';

/** The address params that name a contract, to carry from one agreement page to the other. */
export function contractParams(page: { orderId?: string | undefined; productId?: string | undefined }): Record<string, string> {
  if (page.orderId) return { orderId: page.orderId };
  return page.productId ? { productId: page.productId } : {};
}

/** The contract this address names: an order's (`orderId`, the order number) or the draft of a product's offer. */
export function useContract() {
  const t = useT();
  const { orderId, productId } = usePageParams();
  const key: ContractKey | null = orderId ? { orderNo: orderId } : productId ? { productId } : null;
  const keyText = key ? JSON.stringify(key) : '';
  const load = useCallback(
    (signal: AbortSignal) => getContractDetail(JSON.parse(keyText) as ContractKey, t('agreement.loading'), signal),
    [keyText, t],
  );
  return useCall(keyText ? load : null)[0];
}
