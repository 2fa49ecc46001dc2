import { ErrorCode, keyFactsBodySchema, type KeyFactsBody, type Language } from '@lend/contracts';
import { formatDate } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { companyFacts } from '../company';
import { borrowerOrder, orderInstallments } from '../orders';
import { draftContract } from './contract-service';
import { findContract } from './contract-repository';
import { keyFactsBody } from './key-facts-presenter';

export type SignedKeyFacts = KeyFactsBody & { state: 'signed'; textHash: string };
export type DraftKeyFacts = KeyFactsBody & { state: 'draft'; textHash: '' };

/**
 * An order's Key Facts Statement as the borrower agreed to it (docs/decisions/143). Once the loan
 * is paid out the schedule shows the order's own due dates; the stored text and its hash stay as
 * agreed. Another borrower's order, or one agreed without a statement, reads as missing.
 */
export async function signedKeyFacts(db: Db, borrowerId: number, orderNo: string): Promise<SignedKeyFacts> {
  const { order } = await borrowerOrder(db, borrowerId, { orderNo });
  const contract = await findContract(db, order.id);
  if (!contract?.keyFactsText || !contract.keyFactsSha256) throw new AppError(ErrorCode.NotFound);
  const body = keyFactsBodySchema.parse(JSON.parse(contract.keyFactsText));
  const installments = order.disbursedAt ? await orderInstallments(db, order.id) : [];
  const dueDates = new Map(installments.map((i) => [i.seq, i.dueDate]));
  return {
    ...body,
    schedule: body.schedule.map((row) => ({ ...row, dueDate: dueDates.get(row.seq) ?? row.dueDate })),
    state: 'signed',
    textHash: contract.keyFactsSha256,
  };
}

/** The statement of the borrower's current offer on an Indian product, as confirming today would sign it. */
export async function draftKeyFacts(db: Db, borrowerId: number, productId: number, language: Language, now = new Date()): Promise<DraftKeyFacts> {
  const draft = await draftContract(db, borrowerId, productId, now);
  if (draft.market !== 'IN') throw new AppError(ErrorCode.NotFound);
  const company = await companyFacts(db, draft.market);
  const parties = { orderNo: '', borrowerName: draft.borrowerName, productName: draft.productName, company };
  return { ...keyFactsBody(language, parties, draft.pricing, draft.quote, formatDate(now, 'IN')), state: 'draft', textHash: '' };
}
