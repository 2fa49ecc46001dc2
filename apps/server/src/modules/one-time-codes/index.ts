/** SMS one-time codes: their rules, the admission of each SMS, and the operations every code table shares. */
export { judgeCode, newOneTimeCode, oneTimeCodeExpiry, oneTimeCodeHash, oneTimeCodeText, voidAfterWrongTry } from './one-time-code';
export { codesIn } from './one-time-code-service';
export { admitSms, SmsAdmissionRefused, type GiveBack } from './sms-admission';
