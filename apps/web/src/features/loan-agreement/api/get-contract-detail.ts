import { MachinePath, type ContractDetail } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** `GET contract-detail?orderNo=`: an order's signed contract (the page's `orderId` is the order number). */
const signedContractCall: PrefetchableCall = {
  path: MachinePath.contractDetail,
  method: 'GET',
  bodyKeys: ['orderId'],
  paramNames: { orderId: 'orderNo' },
  requiredKeys: ['orderId'],
};

/** `GET contract-detail?productId=`: the draft of the offer on a product. */
const draftContractCall: PrefetchableCall = { path: MachinePath.contractDetail, method: 'GET', bodyKeys: ['productId'], requiredKeys: ['productId'] };

/** The agreement pages' first call, an order's contract before a product's draft; the server renders the pages with its answer (decision 100). */
export const contractCalls: readonly PrefetchableCall[] = [signedContractCall, draftContractCall];

const signed = firstCall<ContractDetail>(signedContractCall);
const draft = firstCall<ContractDetail>(draftContractCall);

export type ContractKey = { orderId: string } | { productId: string };

const callOf = (key: ContractKey) => ('orderId' in key ? signed : draft);

/** The contract the key names. */
export const getContractDetail = (key: ContractKey, loadingText: string, signal?: AbortSignal): Promise<ContractDetail> =>
  callOf(key).load(key, loadingText, signal);

/** The contract when the page came with it (rendered by the server). */
export const contractDetailInPage = (key: ContractKey): ContractDetail | undefined => callOf(key).inPage(key);
