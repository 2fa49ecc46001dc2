import { ErrorCode } from '@lend/contracts';
import { LoanTermsError } from '@lend/domain';
import { AppError } from '../../errors';
import { confirmationFor, type Confirmation } from '../orders';
import { quoteLoan, type ProductRow } from '../products';

/**
 * What the borrower's confirmation would show for a sample loan on the product as given, its
 * pricing perhaps not saved yet (docs/decisions/177): the same quote, plan and dates as
 * `confirmationOf`, with no coupon and nothing to announce. Terms outside the pricing are refused
 * naming the sample's field.
 */
export function previewConfirmation(product: ProductRow, terms: { amountMinor: number; termDays: number }, now: Date): Confirmation {
  try {
    return confirmationFor(product, quoteLoan(product, { ...terms, couponMinor: 0 }), now, false);
  } catch (error) {
    if (error instanceof LoanTermsError) throw new AppError(ErrorCode.PreviewOutsidePricing, error.reason === 'amount' ? 'amountMinor' : 'termDays');
    throw error;
  }
}
