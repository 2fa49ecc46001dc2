import { loanStatusText, type Language, type LoanDetails } from '@lend/contracts';
import type { OrderDetails } from './details-service';
import { contractUrl, paymentsUrl, productRepayUrl } from './loan-links';
import { orderRows } from './loan-rows';

/** The order details screen in the borrower's language (spec §3 'Loan details response'). */
export function presentLoanDetails(details: OrderDetails, language: Language): LoanDetails {
  const { order, product, market } = details;
  const status = loanStatusText(order.statusCode, language);
  return {
    orderNo: order.orderNo,
    productId: product.id,
    market,
    orderStatus: order.statusCode,
    noticeStatusText: status.title,
    noticeDesText: status.description,
    productName: product.name,
    productLogo: product.logoUrl,
    userOrderDetail: { detail: orderRows(language, order, market, details.installments, details.today) },
    inside: '1',
    isScore: details.canRate ? '1' : '0',
    h5Url: details.repaying ? productRepayUrl(product.repayUrl, order.orderNo, product.id) : '',
    isDelay: details.extensionAllowed ? '1' : '0',
    isNewContract: details.hasContract ? contractUrl(order.orderNo) : '',
    paymentsUrl: details.paidOut ? paymentsUrl(order.orderNo, product.id) : '',
  };
}
