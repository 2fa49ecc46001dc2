import { Limits } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { withOrderLabels } from '../orders';
import { findComplaint, listBorrowerComplaints } from './complaint-repository';

/** A complaint's folio is `RC` and its id in eight digits. */
const FOLIO = /^RC(\d{8})$/;

/** The borrower who filed the complaint with this folio, read by the id the folio is made of. */
export async function complaintBorrower(db: Queryable, folio: string): Promise<number | undefined> {
  const id = FOLIO.exec(folio)?.[1];
  return id === undefined ? undefined : (await findComplaint(db, Number(id)))?.borrowerId;
}

/** Whether a complaint with this problem id exists, for what other modules attach to one (staff notes: docs/decisions/236). */
export async function complaintExists(db: Queryable, problemId: number): Promise<boolean> {
  return (await findComplaint(db, problemId)) !== undefined;
}

/** The borrower's newest complaints with their order numbers, as staff list them on a borrower's page. */
export async function complaintsOfBorrowerForStaff(db: Queryable, borrowerId: number) {
  const rows = await withOrderLabels(db, await listBorrowerComplaints(db, borrowerId, Limits.borrowerComplaintListMax));
  return rows.map((row) => ({ folio: row.folio, orderNo: row.orderNo, status: row.status, createdAt: row.createdAt, dueAt: row.dueAt }));
}
