import { e164Phone, PROMOTION_SMS_TEXT, PromotionCode, type Language, type PhoneMarket, type SmsRequest } from '@lend/contracts';
import { newOneTimeCode, oneTimeCodeExpiry, oneTimeCodeHash, oneTimeCodeText } from '../one-time-codes';
import { captchaAnswerHash, isTextChallengeAnswer } from './captcha';
import { captchaAuthorisesSms } from './captcha-check';
import type { PromotionDeps } from './promotion-deps';
import { invalidPhone, PromotionError } from './promotion-error';
import { takeSmsBudget } from './sms-budget';
import { admitSms } from './sms-limits';
import { deleteCode, insertCode, voidLiveCodes } from './sms-code-repository';
import { hashSid, isLive, marketOfVisitor } from './visitor-service';
import { clearCaptcha, lockVisitor, markCaptchaSpent } from './visitor-repository';

/**
 * The phone in the one stored form, E.164 of the visitor's market however they wrote it
 * (docs/decisions/091, 232): its codes, its SMS and its borrower all take this form. A number of
 * another market, by its digits or its country code, is a '102' refusal naming the market's rule.
 */
export function checkedPhone(market: PhoneMarket, raw: string, language: Language): string {
  const phone = e164Phone(raw, market);
  if (phone === undefined) throw invalidPhone(market, language);
  return phone;
}

/**
 * Spends the visitor's captcha on this request whatever the outcome, so one solved captcha
 * sends at most one SMS. Returns the answer's hash and the visitor's campaign when it fits.
 */
async function spendCaptcha(deps: PromotionDeps, sidHash: string, capcode: string) {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const visitor = await lockVisitor(tx, sidHash);
    if (!isLive(visitor, now)) return { fits: false as const, expired: true };
    const answerHash = captchaAnswerHash(sidHash, capcode);
    const fits = capcode !== '' && captchaAuthorisesSms(visitor, answerHash, now);
    if (visitor.captchaHash !== null) await clearCaptcha(tx, sidHash);
    return fits ? { fits: true as const, answerHash, templateId: visitor.templateId } : { fits: false as const, expired: false };
  });
  await deps.captchaLog?.forget(sidHash);
  if (!result.fits) throw new PromotionError(result.expired ? PromotionCode.SidExpired : PromotionCode.CaptchaWrong);
  return result;
}

/**
 * `POST /promotion/get-sms`: captcha, within the limits, then one code out. A phone that already
 * has an account is texted a code too, under the same limits and budget: whether a number is
 * registered is told only to whoever types the code it received (docs/decisions/108).
 */
export async function requestSmsCode(deps: PromotionDeps, input: SmsRequest, ip: string, language: Language): Promise<void> {
  const sidHash = hashSid(input.sid);
  const phone = checkedPhone(await marketOfVisitor(deps, sidHash), input.phone, language);
  const captcha = await spendCaptcha(deps, sidHash, input.capcode);
  // The visitor's caps first, so their refusals spend no budget; then the budget, whose refusal
  // gives the caps back (docs/decisions/064).
  const giveBack = await admitSms(deps.counters, phone, ip);
  try {
    await takeSmsBudget(deps, { templateId: captcha.templateId, viaTextChallenge: isTextChallengeAnswer(input.capcode) });
  } catch (error) {
    await giveBack();
    throw error;
  }

  const now = deps.now();
  const code = newOneTimeCode();
  const codeId = await deps.db.transaction(async (tx) => {
    await voidLiveCodes(tx, phone, now);
    return insertCode(tx, {
      phone,
      codeHash: oneTimeCodeHash(phone, code),
      templateId: captcha.templateId,
      createdAt: now,
      expiresAt: oneTimeCodeExpiry(now),
    });
  });
  const text = oneTimeCodeText(PROMOTION_SMS_TEXT[language], code);
  try {
    await deps.sms.send({ phone, text, oneTimeCode: code, kind: 'promotion-code' });
  } catch (error) {
    await deleteCode(deps.db, codeId);
    deps.log.error({ err: error, provider: deps.sms.name }, 'sms not delivered');
    throw new PromotionError(PromotionCode.SmsUnavailable);
  }
  await markCaptchaSpent(deps.db, sidHash, captcha.answerHash, phone);
  deps.log.info({ provider: deps.sms.name, templateId: captcha.templateId }, 'promotion sms sent');
}
