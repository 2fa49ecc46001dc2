import { ErrorCode, type OperatorComplaintSort, type Page, type PageQuery } from '@lend/contracts';
import type { Db } from '../../db/client';
import { instantIdCursor, pageRequest, toPage } from '../../db/paging';
import { AppError } from '../../errors';
import type { FileStorage } from '../../providers/storage/storage';
import { attachImages, findImage, type ComplaintImageRow } from './complaint-image-repository';
import { findComplaint, listComplaints, saveReply, type ComplaintFilter, type ComplaintRow } from './complaint-repository';
import { withOrderLabels } from '../orders';
import { withBorrowerPhones } from '../sessions';
import { recordAudit, type Actor } from '../staff';
import { storeImage, withImages, type ComplaintWithImages, type ComplaintWithPhone } from './complaint-service';
import { listComplaintTypes, saveComplaintType, type ComplaintTypeRow, type ComplaintTypeValues } from './complaint-type-repository';

/** What the lender reads of complaints: each with its order, its borrower's phone and its images. */
export type OperatorComplaintRead = ComplaintWithImages<ComplaintWithPhone>;

async function forOperator(db: Db, rows: readonly ComplaintRow[]): Promise<OperatorComplaintRead[]> {
  return withImages(db, await withBorrowerPhones(db, await withOrderLabels(db, rows)));
}

/** A cursor of the order it was handed out for: `[sort, instant, id]`. */
function sortedCursor(sort: OperatorComplaintSort) {
  return (value: unknown): readonly [string, number] | undefined =>
    Array.isArray(value) && value[0] === sort ? instantIdCursor(value.slice(1)) : undefined;
}

/**
 * One page of complaints, filtered and ordered as asked (nearest answer deadline first by default):
 * every complaint is reachable, however many are open.
 */
export async function complaintsForOperator(
  db: Db,
  query: PageQuery & ComplaintFilter & { sort: OperatorComplaintSort },
): Promise<Page<OperatorComplaintRead>> {
  const page = pageRequest(query, sortedCursor(query.sort));
  const byDue = query.sort === 'due' || query.sort === '-due';
  // The extra row only tells whether a next page exists; toPage leaves it out.
  const found = await forOperator(db, await listComplaints(db, query, query.sort, page));
  return toPage(
    found,
    page,
    ({ complaint }) => [query.sort, (byDue ? complaint.dueAt : complaint.createdAt).toISOString(), complaint.id],
    (item) => item,
  );
}

async function operatorComplaint(db: Db, problemId: number): Promise<OperatorComplaintRead> {
  const row = await findComplaint(db, problemId);
  const [found] = row ? await forOperator(db, [row]) : [];
  if (!found) throw new AppError(ErrorCode.ComplaintNotFound);
  return found;
}

/**
 * The lender's answer: text and the operator's uploaded images, once per complaint. It moves the
 * complaint to 'replied', which asks the borrower for a score.
 */
export async function replyToComplaint(
  db: Db,
  problemId: number,
  reply: { text: string; images: string[] },
  actor: Actor,
  now = new Date(),
): Promise<OperatorComplaintRead> {
  await db.transaction(async (tx) => {
    const complaint = await findComplaint(tx, problemId);
    if (!complaint) throw new AppError(ErrorCode.ComplaintNotFound);
    if (!(await saveReply(tx, problemId, reply.text, now))) throw new AppError(ErrorCode.ComplaintAlreadyReplied);
    const attached = await attachImages(tx, { names: reply.images, complaintId: problemId, kind: 'reply', borrowerId: null });
    if (attached !== reply.images.length) throw new AppError(ErrorCode.ComplaintImageUnknown);
    await recordAudit(tx, actor, { action: 'complaint.reply', objectType: 'complaint', objectId: problemId, before: { status: complaint.status }, after: { status: 'replied', images: reply.images.length } }, now);
  });
  return operatorComplaint(db, problemId);
}

export function complaintTypesForOperator(db: Db): Promise<ComplaintTypeRow[]> {
  return listComplaintTypes(db);
}

/**
 * Creates or changes a type. Child types hang under a top-level type only (one level, as the
 * screens show them), and a type that has children cannot become a child itself.
 */
export async function saveTypeForOperator(db: Db, value: number, values: ComplaintTypeValues, actor: Actor, now = new Date()): Promise<ComplaintTypeRow> {
  return db.transaction(async (tx) => {
    const types = await listComplaintTypes(tx);
    if (values.parentValue !== null) {
      const parent = types.find((type) => type.value === values.parentValue);
      const hasChildren = types.some((type) => type.parentValue === value);
      if (!parent || parent.parentValue !== null || parent.value === value || hasChildren) {
        throw new AppError(ErrorCode.InvalidRequest, 'parentValue');
      }
    }
    const saved = await saveComplaintType(tx, value, values);
    const before = types.find((type) => type.value === value);
    await recordAudit(tx, actor, { action: 'complaint-type.save', objectType: 'complaint-type', objectId: value, before: before ?? null, after: saved }, now);
    return saved;
  });
}

/** Any complaint image by its stored name: operators may see every borrower's uploads and every reply. */
export function operatorImage(db: Db, name: string): Promise<ComplaintImageRow | undefined> {
  return findImage(db, name);
}

/** An image for a reply, stored with the entry of who uploaded it (docs/decisions/162). */
export function storeReplyImage(db: Db, storage: FileStorage, bytes: Uint8Array, actor: Actor, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const name = await storeImage(tx, storage, { bytes, kind: 'reply', borrowerId: null }, now);
    await recordAudit(tx, actor, { action: 'complaint.image.upload', objectType: 'complaint-image', objectId: name, after: { byteSize: bytes.byteLength } }, now);
    return name;
  });
}
