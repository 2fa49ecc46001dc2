import { ErrorCode, LoanStatus, loanStatusText, type Language, type LoanDetails } from '@lend/contracts';
import { canExtend, canRate, formatDate, REPAYING_STATUSES } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findContract } from './contract-repository';
import { listInstallments } from './installment-repository';
import { contractUrl, productRepayUrl } from './loan-links';
import { productMarket } from './loan-quote';
import { orderRows } from './loan-rows';
import { findBorrowerOrder } from './order-repository';
import { findProduct } from './product-repository';

/** The order details screen: status, texts, rows and which actions the borrower has. */
export async function loanDetailsView(
  db: Db,
  borrowerId: number,
  query: { orderNo: string; productId?: number | undefined },
  language: Language,
  now = new Date(),
): Promise<LoanDetails> {
  const order = await findBorrowerOrder(db, borrowerId, query.orderNo);
  if (!order || (query.productId !== undefined && query.productId !== order.productId)) throw new AppError(ErrorCode.NotFound);
  const product = await findProduct(db, order.productId);
  if (!product) throw new AppError(ErrorCode.NotFound);
  const market = productMarket(product);
  const installments = await listInstallments(db, order.id);
  const contract = await findContract(db, order.id);
  const status = loanStatusText(order.statusCode, language);
  const repaying = (REPAYING_STATUSES as readonly number[]).includes(order.statusCode);
  return {
    orderNo: order.orderNo,
    productId: product.id,
    market,
    orderStatus: order.statusCode,
    noticeStatusText: status.title,
    noticeDesText: status.description,
    productName: product.name,
    productLogo: product.logoUrl,
    userOrderDetail: { detail: orderRows(language, order, market, installments, formatDate(now, market)) },
    inside: '1',
    isScore: canRate(order.statusCode, order.score !== null) ? '1' : '0',
    h5Url: repaying ? productRepayUrl(product.repayUrl, order.orderNo, product.id) : '',
    isDelay: canExtend(order.statusCode, order.extensionsUsed, product.pricing.maxExtensions) ? '1' : '0',
    // A rejected order's contract never took effect: nothing to extend to.
    isNewContract: contract && order.statusCode !== LoanStatus.Rejected ? contractUrl(order.orderNo) : '',
  };
}
