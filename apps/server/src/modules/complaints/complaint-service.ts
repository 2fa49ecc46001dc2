import { COLLECTION_PROBLEM_TYPE, ComplaintStatus, ErrorCode, Limits, LoanStatus, type ComplaintSaved } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { FileStorage } from '../../providers/storage/storage';
import { borrowerOrderSummaries, borrowerOrderSummary, withOrderLabels, type OrderLabel } from '../orders';
import { findBorrowerComplaint, insertComplaint, listBorrowerComplaints, saveScore, type ComplaintRow } from './complaint-repository';
import {
  attachImages,
  findImageVisibleToBorrower,
  imagesOfComplaints,
  insertImage,
  type ComplaintImageRow,
  type ImageKind,
} from './complaint-image-repository';
import { listComplaintTypes, type ComplaintTypeRow } from './complaint-type-repository';
import { storeUploadedImage } from '../../providers/storage/image-encoding';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A complaint with the number and market of the order it is about. */
export type Complaint = ComplaintRow & OrderLabel;

/** A complaint as the lender reads it: with the borrower's phone. */
export type ComplaintWithPhone = Complaint & { phone: string };

export type ComplaintImages = { problem: string[]; reply: string[] };

export type ComplaintWithImages<C extends Complaint = Complaint> = { complaint: C; images: ComplaintImages };

/** Orders that can be in collection: disbursed and due, overdue, or settled after collection. */
const COLLECTION_STATUSES: readonly number[] = [LoanStatus.Due, LoanStatus.Overdue, LoanStatus.Settled];

export function canBeInCollection(statusCode: number): boolean {
  return COLLECTION_STATUSES.includes(statusCode);
}

/** One of the borrower's orders, as the orders module lists them for other modules. */
type OrderSummary = Awaited<ReturnType<typeof borrowerOrderSummaries>>[number];

/** What a complaint may be filed about: the problem types, the borrower's orders, and the order shown first. */
export type ComplaintChoices = { types: ComplaintTypeRow[]; orders: OrderSummary[]; shown: OrderSummary | null };

/** Types and the borrower's orders; `orderId` picks the order shown first, else the newest one. */
export async function complaintInit(db: Db, borrowerId: number, orderId?: string): Promise<ComplaintChoices> {
  const types = await listComplaintTypes(db);
  const orders = await borrowerOrderSummaries(db, borrowerId);
  let shown = orders[0] ?? null;
  if (orderId) {
    // A foreign order id reads exactly like one that does not exist.
    shown = orders.find((order) => String(order.id) === orderId) ?? null;
    if (!shown) throw new AppError(ErrorCode.ComplaintOrderNotFound);
  }
  return { types, orders, shown };
}

type ChosenTypes = { problemType: number; problemSonType: number | null };

/** A type must be active and top-level; a type with active child types needs one of them, others none. */
function checkTypes(types: readonly ComplaintTypeRow[], chosen: ChosenTypes): void {
  const type = types.find((t) => t.value === chosen.problemType && t.active && t.parentValue === null);
  if (!type) throw new AppError(ErrorCode.ComplaintTypeUnknown);
  const children = types.filter((t) => t.parentValue === type.value && t.active);
  const childOk =
    children.length === 0 ? chosen.problemSonType === null : children.some((child) => child.value === chosen.problemSonType);
  if (!childOk) throw new AppError(ErrorCode.ComplaintSonTypeUnknown);
}

export type FileComplaintInput = ChosenTypes & { orderNo: string; problemDetail: string; problemImage: string[] };

/** Files a complaint and claims its uploads in one transaction: all of it, or nothing. */
export async function fileComplaint(db: Db, borrowerId: number, input: FileComplaintInput, now = new Date()): Promise<ComplaintSaved> {
  return db.transaction(async (tx) => {
    const order = await borrowerOrderSummary(tx, borrowerId, input.orderNo);
    if (!order) throw new AppError(ErrorCode.ComplaintOrderNotFound);
    checkTypes(await listComplaintTypes(tx), input);
    if (input.problemType === COLLECTION_PROBLEM_TYPE && !canBeInCollection(order.statusCode)) {
      throw new AppError(ErrorCode.ComplaintCollectionNotAllowed);
    }
    const created = await insertComplaint(tx, {
      borrowerId,
      orderId: order.id,
      problemType: input.problemType,
      problemSonType: input.problemSonType,
      detail: input.problemDetail,
      dueAt: new Date(now.getTime() + Limits.complaintAnswerDays * DAY_MS),
      createdAt: now,
    });
    const attached = await attachImages(tx, { names: input.problemImage, complaintId: created.id, kind: 'problem', borrowerId });
    if (attached !== input.problemImage.length) throw new AppError(ErrorCode.ComplaintImageUnknown);
    return { problemId: String(created.id), folio: created.folio };
  });
}

/**
 * Re-encodes an upload and stores it under a fresh random name, unattached. The file is
 * written whole before its row exists, and removed again if the row cannot be written.
 */
export async function storeImage(
  db: Queryable,
  storage: FileStorage,
  input: { bytes: Uint8Array; kind: ImageKind; borrowerId: number | null },
  now = new Date(),
): Promise<string> {
  const { name, contentType, byteSize } = await storeUploadedImage(storage, input.bytes, ErrorCode.ComplaintImageNotImage);
  try {
    await insertImage(db, {
      name,
      contentType,
      byteSize,
      kind: input.kind,
      borrowerId: input.borrowerId,
      createdAt: now,
    });
  } catch (error) {
    await storage.remove(name);
    throw error;
  }
  return name;
}

async function imagesByComplaint(db: Queryable, complaintIds: readonly number[]): Promise<Map<number, ComplaintImages>> {
  const byComplaint = new Map<number, ComplaintImages>(complaintIds.map((id) => [id, { problem: [], reply: [] }]));
  for (const image of await imagesOfComplaints(db, complaintIds)) {
    const entry = image.complaintId === null ? undefined : byComplaint.get(image.complaintId);
    entry?.[image.kind === 'reply' ? 'reply' : 'problem'].push(image.name);
  }
  return byComplaint;
}

/** Complaints with their images, read together in one query. */
export async function withImages<C extends Complaint>(db: Queryable, complaints: readonly C[]): Promise<ComplaintWithImages<C>[]> {
  const images = await imagesByComplaint(
    db,
    complaints.map((complaint) => complaint.id),
  );
  return complaints.map((complaint) => ({ complaint, images: images.get(complaint.id) ?? { problem: [], reply: [] } }));
}

/** The borrower's newest complaints; `hasMore`: older ones were left out. */
export async function complaintList(db: Db, borrowerId: number): Promise<{ complaints: Complaint[]; hasMore: boolean }> {
  // The call takes no paging parameters: the newest ones, and whether older ones exist.
  const rows = await listBorrowerComplaints(db, borrowerId, Limits.borrowerComplaintListMax + 1);
  const complaints = await withOrderLabels(db, rows.slice(0, Limits.borrowerComplaintListMax));
  return { complaints, hasMore: rows.length > Limits.borrowerComplaintListMax };
}

export async function complaintDetail(db: Db, borrowerId: number, problemId: number): Promise<ComplaintWithImages> {
  const row = await findBorrowerComplaint(db, borrowerId, problemId);
  const [found] = row ? await withImages(db, await withOrderLabels(db, [row])) : [];
  if (!found) throw new AppError(ErrorCode.ComplaintNotFound);
  return found;
}

/** Stores the borrower's score of the lender's reply, once. */
export async function scoreComplaint(db: Db, borrowerId: number, problemId: number, score: number, now = new Date()): Promise<void> {
  if (await saveScore(db, borrowerId, problemId, score, now)) return;
  const complaint = await findBorrowerComplaint(db, borrowerId, problemId);
  if (!complaint) throw new AppError(ErrorCode.ComplaintNotFound);
  throw new AppError(complaint.status === ComplaintStatus.Replied ? ErrorCode.ComplaintAlreadyScored : ErrorCode.ComplaintNotReplied);
}

/** An image the borrower may see (their upload or a reply to their complaint); undefined for any other name, existing or not. */
export function borrowerImage(db: Db, name: string, borrowerId: number): Promise<ComplaintImageRow | undefined> {
  return findImageVisibleToBorrower(db, name, borrowerId);
}
