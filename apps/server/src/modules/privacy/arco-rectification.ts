import { ARCO_FOLIO_PATTERN, ErrorCode, RECTIFYING_KINDS, type RectifiableProfile, type RectificationResult } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { supersedeOnChangedFacts } from '../credit';
import { rectifiableData, rectifyProfile, type RectifiableData } from '../profiles';
import { recordAudit, type Actor } from '../staff';
import { findArcoByFolio, saveArcoAnswer, type ArcoRow } from './arco-repository';
import { forOperator } from './arco-service';

/** A rectification (Mexico) or correction (India) request by its folio, or the refusal: unknown, of another kind. */
async function rectificationRequest(db: Queryable, folio: string): Promise<ArcoRow> {
  const row = ARCO_FOLIO_PATTERN.test(folio) ? await findArcoByFolio(db, folio) : undefined;
  if (!row) throw new AppError(ErrorCode.PrivacyRequestNotFound);
  if (!RECTIFYING_KINDS.some((kind) => kind === row.kind)) throw new AppError(ErrorCode.RectificationNotRectification);
  return row;
}

const asProfile = (row: ArcoRow, data: RectifiableData): RectifiableProfile => ({ folio: row.folio, userId: String(row.borrowerId), ...data });

/** The data a rectification request may correct, read only in that request's name (docs/decisions/185). */
export async function rectifiableProfileOf(db: Queryable, folio: string): Promise<RectifiableProfile> {
  const row = await rectificationRequest(db, folio);
  return asProfile(row, await rectifiableData(db, row.borrowerId));
}

export type RectificationInput = Parameters<typeof rectifyProfile>[2] & { answer: string };

/**
 * Corrects the borrower's profile and answers their rectification request in one transaction, with
 * the audit entries of both: the profile's fields before and after (national ids masked by the
 * audit log), and the answer's (docs/decisions/162, 185). An answered request changes nothing.
 * A corrected identity ends a credit approval made on the one before (docs/decisions/215).
 */
export async function rectifyFromRequest(db: Db, folio: string, input: RectificationInput, actor: Actor, now: Date): Promise<RectificationResult> {
  return db.transaction(async (tx) => {
    const row = await rectificationRequest(tx, folio);
    if (row.status !== 'open') throw new AppError(ErrorCode.PrivacyRequestAnswered);
    const changed = await rectifyProfile(tx, row.borrowerId, { identity: input.identity, address: input.address }, now);
    if (input.identity && Object.keys(changed.after).length > 0) await supersedeOnChangedFacts(tx, row.borrowerId, now);
    const answered = await saveArcoAnswer(tx, row.folio, input.answer, now);
    if (!answered) throw new AppError(ErrorCode.PrivacyRequestAnswered);
    await recordAudit(tx, actor, { action: 'profile.rectify', objectType: 'borrower', objectId: row.borrowerId, before: { folio: row.folio, ...changed.before }, after: { folio: row.folio, ...changed.after } }, now);
    await recordAudit(tx, actor, { action: 'privacy.arco.answer', objectType: 'arco-request', objectId: row.folio, before: { status: 'open' }, after: { status: answered.status, kind: answered.kind } }, now);
    return { request: forOperator(answered), profile: asProfile(row, changed.data) };
  });
}
