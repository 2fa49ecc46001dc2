import { MachinePath, type KeyFacts } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** `GET key-facts?orderNo=`: the statement an order was agreed with (the page's `orderId` is the order number). */
const signedKeyFactsCall: PrefetchableCall = {
  path: MachinePath.keyFacts,
  method: 'GET',
  bodyKeys: ['orderId'],
  paramNames: { orderId: 'orderNo' },
  requiredKeys: ['orderId'],
};

/** `GET key-facts?productId=`: the draft statement of the offer on a product. */
const draftKeyFactsCall: PrefetchableCall = { path: MachinePath.keyFacts, method: 'GET', bodyKeys: ['productId'], requiredKeys: ['productId'] };

const signed = firstCall<KeyFacts>(signedKeyFactsCall);
const draft = firstCall<KeyFacts>(draftKeyFactsCall);

export type KeyFactsKey = { orderId: string } | { productId: string };

/** The Key Facts Statement the key names (docs/decisions/143). */
export const getKeyFacts = (key: KeyFactsKey, loadingText: string, signal?: AbortSignal): Promise<KeyFacts> =>
  ('orderId' in key ? signed : draft).load(key, loadingText, signal);
