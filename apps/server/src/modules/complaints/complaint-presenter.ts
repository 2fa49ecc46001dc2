import {
  COMPLAINT_IMAGE_BASE,
  COMPLAINT_TEXT,
  ComplaintStatus,
  loanStatusText,
  type ComplaintDetail,
  type ComplaintInit,
  type ComplaintList,
  type ComplaintListItem,
  type ComplaintOrder,
  type Language,
} from '@lend/contracts';
import { formatAmount, formatDate, formatDateTime } from '@lend/domain';
import { productMarket } from '../products';
import type { OrderSummaryRow } from '../orders';
import { canBeInCollection, type Complaint, type ComplaintChoices, type ComplaintWithImages } from './complaint-service';
import type { ComplaintTypeRow } from './complaint-type-repository';

// The borrower's complaint screens: texts in the page's language; amounts and dates in the order's
// market (its product's currency and time zone), as the loan screens show them.

function typeTitle(type: Pick<ComplaintTypeRow, 'titleEn' | 'titleEs'>, language: Language): string {
  return language === 'en' ? type.titleEn : type.titleEs;
}

/** Active types, and active child types of active types: what a borrower may choose. */
function typeOptions(types: readonly ComplaintTypeRow[], language: Language): Pick<ComplaintInit, 'problemType' | 'problemSonType'> {
  const parents = types.filter((type) => type.active && type.parentValue === null);
  const parentValues = new Set(parents.map((type) => type.value));
  return {
    problemType: parents.map((type) => ({ title: typeTitle(type, language), value: type.value })),
    problemSonType: types
      .filter((type) => type.active && type.parentValue !== null && parentValues.has(type.parentValue))
      .map((type) => ({ title: typeTitle(type, language), value: type.value, parentValue: type.parentValue ?? 0 })),
  };
}

function orderView(order: OrderSummaryRow, language: Language): ComplaintOrder {
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

/** The filing screen: the types a borrower may choose and their orders, the chosen one first. */
export function presentComplaintInit(choices: ComplaintChoices, language: Language): ComplaintInit {
  return {
    ...typeOptions(choices.types, language),
    orderDetail: choices.shown && orderView(choices.shown, language),
    orderList: choices.orders.map((order) => orderView(order, language)),
  };
}

function titles(complaint: Complaint, language: Language): { type: string; sonType: string } {
  const son = language === 'en' ? complaint.sonTitleEn : complaint.sonTitleEs;
  return { type: language === 'en' ? complaint.typeTitleEn : complaint.typeTitleEs, sonType: son ?? '' };
}

function listItemView(complaint: Complaint, language: Language): ComplaintListItem {
  return {
    id: String(complaint.id),
    folio: complaint.folio,
    time: formatDateTime(complaint.createdAt, complaint.market),
    ...titles(complaint, language),
    content: complaint.detail,
    status: complaint.status,
  };
}

/** Two tabs: complaints waiting for the lender, and those it has answered; `hasMore`: older ones were left out. */
export function presentComplaintList(list: { complaints: readonly Complaint[]; hasMore: boolean }, language: Language): ComplaintList {
  const items = (status: string) => list.complaints.filter((c) => c.status === status).map((c) => listItemView(c, language));
  return {
    tabs: [
      { key: ComplaintStatus.Open, title: COMPLAINT_TEXT.tabOpen[language], list: items(ComplaintStatus.Open) },
      { key: ComplaintStatus.Replied, title: COMPLAINT_TEXT.tabReplied[language], list: items(ComplaintStatus.Replied) },
    ],
    hasMore: list.hasMore,
  };
}

/** Where the borrower's screens load a complaint image from. */
export function borrowerImageUrl(name: string): string {
  return `${COMPLAINT_IMAGE_BASE}${name}`;
}

export function presentComplaintDetail({ complaint, images }: ComplaintWithImages, language: Language): ComplaintDetail {
  const { market } = complaint;
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
