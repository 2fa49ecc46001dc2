import {
  COMPLAINT_IMAGE_BASE,
  COMPLAINT_TEXT,
  ComplaintStatus,
  LoanStatus,
  loanStatusText,
  OPERATOR_COMPLAINT_IMAGE_BASE,
  type ComplaintDetail,
  type ComplaintInit,
  type ComplaintList,
  type ComplaintListItem,
  type ComplaintOrder,
  type Language,
  type OperatorComplaint,
  type OperatorComplaintType,
} from '@lend/contracts';
import { formatAmount, formatDate, formatDateTime } from '@lend/domain';
import { productMarket } from '../products/index';
import type { OrderSummaryRow } from '../orders/index';
import type { ComplaintView } from './complaint-repository';
import type { ComplaintTypeRow } from './complaint-type-repository';

// Turns rows into the answers of spec §3: texts in the page's language; amounts and dates in
// the order's market (its product's currency and time zone), as the loan screens show them.

/** Orders that can be in collection: disbursed and due, overdue, or settled after collection. */
const COLLECTION_STATUSES: readonly number[] = [LoanStatus.Due, LoanStatus.Overdue, LoanStatus.Settled];

export function canBeInCollection(statusCode: number): boolean {
  return COLLECTION_STATUSES.includes(statusCode);
}

export function typeTitle(type: Pick<ComplaintTypeRow, 'titleEn' | 'titleEs'>, language: Language): string {
  return language === 'en' ? type.titleEn : type.titleEs;
}

/** Active types, and active child types of active types: what a borrower may choose. */
export function typeOptions(types: readonly ComplaintTypeRow[], language: Language): Pick<ComplaintInit, 'problemType' | 'problemSonType'> {
  const parents = types.filter((type) => type.active && type.parentValue === null);
  const parentValues = new Set(parents.map((type) => type.value));
  return {
    problemType: parents.map((type) => ({ title: typeTitle(type, language), value: type.value })),
    problemSonType: types
      .filter((type) => type.active && type.parentValue !== null && parentValues.has(type.parentValue))
      .map((type) => ({ title: typeTitle(type, language), value: type.value, parentValue: type.parentValue ?? 0 })),
  };
}

export function orderView(order: OrderSummaryRow, language: Language): ComplaintOrder {
  const market = productMarket(order);
  const list = [
    { title: COMPLAINT_TEXT.rowAmount[language], value: formatAmount(order.principalMinor, market) },
    { title: COMPLAINT_TEXT.rowOrderDate[language], value: formatDate(order.createdAt, market) },
    ...(order.dueDate ? [{ title: COMPLAINT_TEXT.rowDueDate[language], value: order.dueDate }] : []),
  ];
  return {
    orderId: String(order.id),
    orderNo: order.orderNo,
    productLogo: order.productLogo,
    productName: order.productName,
    status: order.statusCode,
    statusText: loanStatusText(order.statusCode, language).title,
    isShow: canBeInCollection(order.statusCode),
    list,
  };
}

function titles(complaint: ComplaintView, language: Language): { type: string; sonType: string } {
  const son = language === 'en' ? complaint.sonTitleEn : complaint.sonTitleEs;
  return { type: language === 'en' ? complaint.typeTitleEn : complaint.typeTitleEs, sonType: son ?? '' };
}

export function listItemView(complaint: ComplaintView, language: Language): ComplaintListItem {
  return {
    id: String(complaint.id),
    folio: complaint.folio,
    time: formatDateTime(complaint.createdAt, productMarket(complaint)),
    ...titles(complaint, language),
    content: complaint.detail,
    status: complaint.status,
  };
}

/** Two tabs: complaints waiting for the lender, and those it has answered; `hasMore`: older ones were left out. */
export function listView(complaints: readonly ComplaintView[], language: Language, hasMore: boolean): ComplaintList {
  const items = (status: string) => complaints.filter((c) => c.status === status).map((c) => listItemView(c, language));
  return {
    tabs: [
      { key: ComplaintStatus.Open, title: COMPLAINT_TEXT.tabOpen[language], list: items(ComplaintStatus.Open) },
      { key: ComplaintStatus.Replied, title: COMPLAINT_TEXT.tabReplied[language], list: items(ComplaintStatus.Replied) },
    ],
    hasMore,
  };
}

export type ComplaintImages = { problem: string[]; reply: string[] };

export function borrowerImageUrl(name: string): string {
  return `${COMPLAINT_IMAGE_BASE}${name}`;
}

export function operatorImageUrl(name: string): string {
  return `${OPERATOR_COMPLAINT_IMAGE_BASE}${name}`;
}

export function detailView(complaint: ComplaintView, images: ComplaintImages, language: Language): ComplaintDetail {
  const market = productMarket(complaint);
  const replied = complaint.status === ComplaintStatus.Replied;
  return {
    problemId: String(complaint.id),
    folio: complaint.folio,
    orderNo: complaint.orderNo,
    ...titles(complaint, language),
    content: complaint.detail,
    images: images.problem.map(borrowerImageUrl),
    status: complaint.status,
    statusText: (replied ? COMPLAINT_TEXT.statusReplied : COMPLAINT_TEXT.statusOpen)[language],
    time: formatDateTime(complaint.createdAt, market),
    dueDate: formatDate(complaint.dueAt, market),
    disposeDetail: complaint.replyText ?? '',
    disposeImages: images.reply.map(borrowerImageUrl),
    disposeTime: complaint.repliedAt ? formatDateTime(complaint.repliedAt, market) : '',
    isNeedScore: replied && complaint.score === null ? 1 : 0,
    score: complaint.score,
  };
}

export function operatorView(complaint: ComplaintView, images: ComplaintImages): OperatorComplaint {
  return {
    problemId: String(complaint.id),
    folio: complaint.folio,
    borrowerId: String(complaint.borrowerId),
    borrowerPhone: complaint.borrowerPhone,
    orderNo: complaint.orderNo,
    problemType: { value: complaint.problemType, title: complaint.typeTitleEn },
    problemSonType:
      complaint.problemSonType === null ? null : { value: complaint.problemSonType, title: complaint.sonTitleEn ?? '' },
    content: complaint.detail,
    images: images.problem.map(operatorImageUrl),
    status: complaint.status,
    createdAt: complaint.createdAt.toISOString(),
    dueAt: complaint.dueAt.toISOString(),
    reply:
      complaint.replyText !== null && complaint.repliedAt !== null
        ? { text: complaint.replyText, images: images.reply.map(operatorImageUrl), repliedAt: complaint.repliedAt.toISOString() }
        : null,
    score: complaint.score,
  };
}

export function operatorTypeView(type: ComplaintTypeRow): OperatorComplaintType {
  return {
    value: type.value,
    parentValue: type.parentValue,
    titleEn: type.titleEn,
    titleEs: type.titleEs,
    sortOrder: type.sortOrder,
    active: type.active,
  };
}
