import {
  ARCO_FOLIO_PATTERN,
  ErrorCode,
  PrivacyLimits,
  type ArcoRequest,
  type ArcoStatus,
  type OperatorArcoRequest,
  type Page,
  type PageQuery,
  type PhoneMarket,
  type PrivacyRequestKind,
} from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { instantIdCursor, pageRequest, toPage } from '../../db/paging';
import { AppError } from '../../errors';
import { staffProfileNames } from '../profiles';
import { recordAudit, type Actor } from '../staff';
import { arcoRequestsForOperator, arcoRequestsOf, countOpenOf, findArcoByFolio, insertArcoRequest, saveArcoAnswer, type ArcoRow } from './arco-repository';
import { assertKindOfMarket, privacyAnswerDue } from './privacy-rules';

function asRequest(row: ArcoRow): ArcoRequest {
  return {
    folio: row.folio,
    kind: row.kind as PrivacyRequestKind,
    description: row.description,
    status: row.status as ArcoStatus,
    receivedAt: row.receivedAt.toISOString(),
    answerDue: row.answerDue,
    answer: row.answerText,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  };
}

export async function arcoRequestsOfBorrower(db: Queryable, borrowerId: number): Promise<ArcoRequest[]> {
  return (await arcoRequestsOf(db, borrowerId)).map(asRequest);
}

/**
 * Files a request for the borrower, of a kind their market's law gives, due by their market's rule
 * (docs/decisions/231); the count of open requests and the insert share a transaction.
 */
export async function fileArcoRequest(
  db: Db,
  borrower: { borrowerId: number; market: PhoneMarket },
  input: { kind: PrivacyRequestKind; description: string },
  now: Date,
): Promise<ArcoRequest> {
  assertKindOfMarket(input.kind, borrower.market);
  const { borrowerId } = borrower;
  return db.transaction(async (tx) => {
    if ((await countOpenOf(tx, borrowerId)) >= PrivacyLimits.arcoOpenPerBorrowerMax) throw new AppError(ErrorCode.PrivacyTooManyOpenRequests);
    const row = await insertArcoRequest(tx, { borrowerId, kind: input.kind, description: input.description, receivedAt: now, answerDue: privacyAnswerDue(now, borrower.market) });
    return asRequest(row);
  });
}

export const forOperator = (row: ArcoRow, borrowerName: string | null = null): OperatorArcoRequest => ({ ...asRequest(row), userId: String(row.borrowerId), borrowerName });

/** One page of requests, nearest answer date first: every request is reachable, however many are waiting. */
export async function arcoRequestsForOperators(db: Queryable, query: PageQuery & { status?: ArcoStatus | undefined; folio?: string | undefined }): Promise<Page<OperatorArcoRequest>> {
  const page = pageRequest(query, instantIdCursor);
  const id = query.folio === undefined ? undefined : Number(query.folio.slice(2));
  const rows = await arcoRequestsForOperator(db, { status: query.status, id }, page);
  const names = await staffProfileNames(db, [...new Set(rows.map((row) => row.borrowerId))]);
  return toPage(rows, page, (row) => [row.answerDue, row.id], (row) => forOperator(row, names.get(row.borrowerId)?.name ?? ''));
}

/** The borrower who filed the request with this folio, if there is one. */
export async function arcoRequestBorrower(db: Queryable, folio: string): Promise<number | undefined> {
  if (!ARCO_FOLIO_PATTERN.test(folio)) return undefined;
  return (await findArcoByFolio(db, folio))?.borrowerId;
}

export async function answerArcoRequest(db: Db, folio: string, text: string, actor: Actor, now: Date): Promise<OperatorArcoRequest> {
  if (!ARCO_FOLIO_PATTERN.test(folio)) throw new AppError(ErrorCode.PrivacyRequestNotFound);
  return db.transaction(async (tx) => {
    const saved = await saveArcoAnswer(tx, folio, text, now);
    if (saved) {
      // The answer's text may hold the borrower's personal data: the entry says only that it was given.
      await recordAudit(tx, actor, { action: 'privacy.arco.answer', objectType: 'arco-request', objectId: folio, before: { status: 'open' }, after: { status: saved.status, kind: saved.kind } }, now);
      return forOperator(saved);
    }
    const existing = await findArcoByFolio(tx, folio);
    throw new AppError(existing ? ErrorCode.PrivacyRequestAnswered : ErrorCode.PrivacyRequestNotFound);
  });
}
