import { creditApplicationSchema, CreditPath, creditStandingSchema, HomePath, productDetailResponseSchema, type CreditApplication, type CreditStanding, type ProductDetailResponse } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** JSON as the native app sends it; a refusal is the screen's to show in its place. */
const CALL = { encoding: 'json', refusal: 'caller' } as const;

/** The product: its name, what it lends, and why the borrower may not borrow on it now. */
export function productDetail(productId: number, signal?: AbortSignal): Promise<ProductDetailResponse> {
  return callMachine(HomePath.productDetail, { productId }, { ...CALL, schema: productDetailResponseSchema, ...(signal ? { signal } : {}) });
}

/** The decision that stands on the product, without applying: a reload or the back button never applies again. */
export function standingDecision(productId: number, signal: AbortSignal): Promise<CreditStanding> {
  return callMachine(CreditPath.decision, { productId }, { ...CALL, schema: creditStandingSchema, signal });
}

/** Applies: the server decides once, and a second application while the first stands answers the same decision. */
export function applyFor(productId: number): Promise<CreditApplication> {
  return callMachine(CreditPath.apply, { productId }, { ...CALL, schema: creditApplicationSchema });
}
