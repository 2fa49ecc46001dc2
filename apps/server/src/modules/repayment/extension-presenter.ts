import type { DelayDetail, Language } from '@lend/contracts';
import { formatAmount } from '@lend/domain';
import type { ExtensionDue } from './extension-service';
import { channelGroups } from './repayment-presenter';
import { repaymentText } from './repayment-texts';

/** The extension (delay) screen in the borrower's language (docs/decisions/077). */
export function delayDetailAnswer(due: ExtensionDue, language: Language): DelayDetail {
  const amount = (minor: number) => formatAmount(minor, due.market);
  const values = {
    days: due.days,
    amount: amount(due.chargeMinor),
    fee: amount(due.feeMinor),
    late: amount(due.lateChargesMinor),
    tax: repaymentText(language, due.market === 'IN' ? 'pay.row.taxIn' : 'pay.row.tax'),
    date: due.newDueDate,
  };
  return {
    market: due.market,
    orderNo: due.orderNo,
    productLogo: due.product.logoUrl,
    productName: due.product.name,
    delayDays: due.days,
    delayInfo: { reviewer: repaymentText(language, 'delay.reviewer'), delayAmount: due.chargeMinor, delayTime: due.newDueDate },
    repayPlan: due.plan.map((installment) => ({
      title: repaymentText(language, 'pay.row.installment', { n: installment.seq, total: due.installmentCount }),
      amount: installment.amountMinor,
      remark: repaymentText(language, 'delay.plan.remark', { date: installment.dueDateBefore }),
      time: installment.dueDate,
    })),
    repayList: channelGroups(due.channels, language),
    noticeMsg: repaymentText(language, due.lateChargesMinor > 0 ? 'delay.notice' : 'delay.noticeNoLate', values),
    note: repaymentText(language, 'delay.note', values),
  };
}
