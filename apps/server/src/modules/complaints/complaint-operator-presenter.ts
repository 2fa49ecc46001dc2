import { OPERATOR_COMPLAINT_IMAGE_BASE, type OperatorComplaint, type OperatorComplaintType } from '@lend/contracts';
import type { OperatorComplaintRead } from './complaint-operator-service';
import type { ComplaintTypeRow } from './complaint-type-repository';

// The lender's view of complaints: English titles, instants as ISO strings, images at the operator's address.

/** Where the operator's tools load a complaint image from. */
export function operatorImageUrl(name: string): string {
  return `${OPERATOR_COMPLAINT_IMAGE_BASE}${name}`;
}

export function presentOperatorComplaint({ complaint, images }: OperatorComplaintRead): OperatorComplaint {
  return {
    problemId: String(complaint.id),
    folio: complaint.folio,
    borrowerId: String(complaint.borrowerId),
    borrowerPhone: complaint.phone,
    orderNo: complaint.orderNo,
    market: complaint.market,
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

export function presentOperatorComplaintType(type: ComplaintTypeRow): OperatorComplaintType {
  return {
    value: type.value,
    parentValue: type.parentValue,
    titleEn: type.titleEn,
    titleEs: type.titleEs,
    sortOrder: type.sortOrder,
    active: type.active,
  };
}
