import { MachinePath, type ContractDetail } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

export type ContractKey = { orderNo: string } | { productId: string };

/** `GET contract-detail`: an order's signed contract, or the draft of the offer on a product. */
export function getContractDetail(key: ContractKey, loadingText: string, signal?: AbortSignal): Promise<ContractDetail> {
  const query = new URLSearchParams(key).toString();
  return callMachine<ContractDetail>(`${MachinePath.contractDetail}?${query}`, {}, {
    method: 'GET',
    loadingText,
    ...(signal ? { signal } : {}),
  });
}
