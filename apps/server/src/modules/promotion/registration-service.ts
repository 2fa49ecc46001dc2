import { PromotionCode, PromotionLimits, type Language, type RegisterRequest } from '@lend/contracts';
import { judgeCode, voidAfterWrongTry } from '../one-time-codes';
import type { Tx } from '../../db/client';
import { findTemplate } from '../promotion-campaigns';
import { openSession, registerBorrowerIfNew, type CreatedSession } from '../sessions';
import { captchaAnswerHash } from './captcha';
import { captchaAuthorisesRegistration } from './captcha-check';
import type { PromotionDeps } from './promotion-deps';
import { PromotionError, type PromotionRefusal } from './promotion-error';
import { insertRegistration } from './registration-repository';
import { countWrongTry, lockLatestLiveCode, useCode } from './sms-code-repository';
import { checkedPhone } from './sms-service';
import { hashSid, isLive, marketOfVisitor } from './visitor-service';
import { clearCaptcha, lockVisitor, type VisitorRow } from './visitor-repository';

const MAX_TRIES = PromotionLimits.smsCodeMaxWrongTries;

async function campaignOf(tx: Tx, visitor: VisitorRow, claimed: number | undefined): Promise<number | null> {
  if (visitor.templateId !== null) return visitor.templateId;
  if (claimed === undefined) return null;
  return (await findTemplate(tx, claimed)) ? claimed : null;
}

/**
 * `POST /promotion/register`. One transaction locks the visitor and the phone's code, so two
 * registrations of one phone cannot both pass: the code is spent once and the borrower row is
 * inserted only if the phone is new. A wrong try is committed with its refusal. The borrower is
 * of the visitor's template's market, with the phone in that market (docs/decisions/232).
 */
export async function registerVisitor(deps: PromotionDeps, input: RegisterRequest, language: Language): Promise<CreatedSession> {
  const sidHash = hashSid(input.sid);
  const market = await marketOfVisitor(deps, sidHash);
  const phone = checkedPhone(market, input.phone, language);
  const now = deps.now();

  const outcome = await deps.db.transaction(async (tx): Promise<PromotionRefusal | CreatedSession> => {
    const visitor = await lockVisitor(tx, sidHash);
    if (!isLive(visitor, now)) return PromotionCode.SidExpired;
    const answerHash = captchaAnswerHash(sidHash, input.capcode);
    if (input.capcode === '' || !captchaAuthorisesRegistration(visitor, answerHash, phone, now)) {
      if (visitor.captchaHash !== null) await clearCaptcha(tx, sidHash);
      return PromotionCode.RegisterCaptchaWrong;
    }
    // The code is judged before the phone is looked up: only its holder learns that the phone is
    // already registered (docs/decisions/108). The lock makes a concurrent registration of this
    // phone finish first.
    const code = await lockLatestLiveCode(tx, phone);
    const verdict = judgeCode(code, phone, input.smsCode, now);
    if (verdict === 'expired') return PromotionCode.SmsCodeExpired;
    if (verdict === 'locked') return PromotionCode.SmsCodeLocked;
    if (verdict === 'wrong') {
      // An empty code is refused without spending a try.
      if (input.smsCode === '' || !code) return PromotionCode.SmsCodeWrong;
      return voidAfterWrongTry(await countWrongTry(tx, code.id, MAX_TRIES)) ? PromotionCode.SmsCodeLocked : PromotionCode.SmsCodeWrong;
    }
    if (!code || !(await useCode(tx, code.id, now, MAX_TRIES))) return PromotionCode.SmsCodeExpired;
    const borrower = await registerBorrowerIfNew(tx, { phone, market });
    if (!borrower) return PromotionCode.AlreadyRegistered;
    await insertRegistration(tx, {
      borrowerId: borrower.id,
      templateId: await campaignOf(tx, visitor, input.id),
      userFrom: input.user_from,
      appFrom: input.app_from,
      utmTag: input.utm_tag,
      inviteCode: input.invite_code,
      deviceId: input.deviceId,
    });
    await clearCaptcha(tx, sidHash);
    // The code proved the phone, as signing in does: the new borrower goes on in this browser with a
    // session of their own (docs/decisions/239), in the registration's transaction.
    return openSession(tx, { phone, market, deviceId: input.deviceId }, now);
  });
  if (typeof outcome !== 'string' || outcome === PromotionCode.RegisterCaptchaWrong) await deps.captchaLog?.forget(sidHash);
  if (typeof outcome === 'string') throw new PromotionError(outcome);
  deps.log.info({ templateId: input.id, market }, 'promotion registration');
  return outcome;
}
