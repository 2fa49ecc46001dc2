import { ErrorCode, type ComplaintStatusValue, type OperatorComplaint, type OperatorComplaintType, type Page, type PageQuery } from '@lend/contracts';
import type { Db } from '../../db/client';
import { instantIdCursor, pageRequest, toPage } from '../../db/paging';
import { AppError } from '../../errors';
import { attachImages, findImage, type ComplaintImageRow } from './complaint-image-repository';
import { findComplaint, listComplaints, saveReply } from './complaint-repository';
import { imagesByComplaint } from './complaint-service';
import { listComplaintTypes, saveComplaintType, type ComplaintTypeValues } from './complaint-type-repository';
import { operatorTypeView, operatorView } from './complaint-view';

/** One page of complaints, nearest answer deadline first: every complaint is reachable, however many are open. */
export async function complaintsForOperator(
  db: Db,
  query: PageQuery & { status?: ComplaintStatusValue | undefined },
): Promise<Page<OperatorComplaint>> {
  const page = pageRequest(query, instantIdCursor);
  const rows = await listComplaints(db, query.status, page);
  const images = await imagesByComplaint(db, rows.map((row) => row.id));
  return toPage(
    rows,
    page,
    (row) => [row.dueAt.toISOString(), row.id],
    (row) => operatorView(row, images.get(row.id) ?? { problem: [], reply: [] }),
  );
}

async function operatorComplaint(db: Db, problemId: number): Promise<OperatorComplaint> {
  const row = await findComplaint(db, problemId);
  if (!row) throw new AppError(ErrorCode.ComplaintNotFound);
  const images = await imagesByComplaint(db, [row.id]);
  return operatorView(row, images.get(row.id) ?? { problem: [], reply: [] });
}

/**
 * The lender's answer: text and the operator's uploaded images, once per complaint. It moves the
 * complaint to 'replied', which asks the borrower for a score.
 */
export async function replyToComplaint(
  db: Db,
  problemId: number,
  reply: { text: string; images: string[] },
  now = new Date(),
): Promise<OperatorComplaint> {
  await db.transaction(async (tx) => {
    const complaint = await findComplaint(tx, problemId);
    if (!complaint) throw new AppError(ErrorCode.ComplaintNotFound);
    if (!(await saveReply(tx, problemId, reply.text, now))) throw new AppError(ErrorCode.ComplaintAlreadyReplied);
    const attached = await attachImages(tx, { names: reply.images, complaintId: problemId, kind: 'reply', borrowerId: null });
    if (attached !== reply.images.length) throw new AppError(ErrorCode.ComplaintImageUnknown);
  });
  return operatorComplaint(db, problemId);
}

export async function complaintTypesForOperator(db: Db): Promise<OperatorComplaintType[]> {
  return (await listComplaintTypes(db)).map(operatorTypeView);
}

/**
 * Creates or changes a type. Child types hang under a top-level type only (one level, as the
 * screens show them), and a type that has children cannot become a child itself.
 */
export async function saveTypeForOperator(db: Db, value: number, values: ComplaintTypeValues): Promise<OperatorComplaintType> {
  return db.transaction(async (tx) => {
    const types = await listComplaintTypes(tx);
    if (values.parentValue !== null) {
      const parent = types.find((type) => type.value === values.parentValue);
      const hasChildren = types.some((type) => type.parentValue === value);
      if (!parent || parent.parentValue !== null || parent.value === value || hasChildren) {
        throw new AppError(ErrorCode.InvalidRequest, 'parentValue');
      }
    }
    return operatorTypeView(await saveComplaintType(tx, value, values));
  });
}

/** Any complaint image by its stored name: operators may see every borrower's uploads and every reply. */
export function operatorImage(db: Db, name: string): Promise<ComplaintImageRow | undefined> {
  return findImage(db, name);
}
