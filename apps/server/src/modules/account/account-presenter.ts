import { loanStatusColour, loanStatusText, type AccountOrder, type AccountSession, type Language } from '@lend/contracts';
import type { BorrowerOrder } from '../orders';
import type { SessionSummary } from '../sessions';

/** A session as the borrower's list shows it: its own public id, never the session id. */
export function presentSession(session: SessionSummary): AccountSession {
  return {
    id: session.publicId,
    deviceId: session.deviceId,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    current: session.current,
  };
}

/** An order of "my loans", its status titled as the loan screens title it, in the borrower's language. */
export function presentOrder(order: BorrowerOrder, language: Language): AccountOrder {
  return {
    orderNo: order.orderNo,
    productId: order.productId,
    productName: order.productName,
    status: { code: order.statusCode, title: loanStatusText(order.statusCode, language).title, colour: loanStatusColour(order.statusCode) },
    currency: order.currency,
    principalMinor: order.principalMinor,
    totalRepayableMinor: order.totalRepayableMinor,
    createdAt: order.createdAt.toISOString(),
    dueDate: order.dueDate,
    settledAt: order.settledAt?.toISOString() ?? null,
    links: order.links,
  };
}
