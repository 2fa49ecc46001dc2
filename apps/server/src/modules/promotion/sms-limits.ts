import { PromotionCode } from '@lend/contracts';
import type { CounterStore } from '../../counters/counter-store';
import { admitSms as admitOneSms, SmsAdmissionRefused, type GiveBack } from '../one-time-codes';
import { PromotionError } from './promotion-error';

const REFUSAL = {
  'resend-too-soon': PromotionCode.ResendTooSoon,
  'phone-hourly': PromotionCode.PhoneHourlyLimit,
  'network-hourly': PromotionCode.AddressHourlyLimit,
} as const;

/** The shared SMS admission (60 s resend, 5 a phone and 10 a network an hour), refused with the promotion's codes. */
export async function admitSms(counters: CounterStore, phone: string, ip: string): Promise<GiveBack> {
  try {
    return await admitOneSms(counters, phone, ip);
  } catch (error) {
    if (!(error instanceof SmsAdmissionRefused)) throw error;
    const code = REFUSAL[error.reason];
    throw error.reason === 'resend-too-soon' ? new PromotionError(code, { seconds: Math.ceil(error.waitMs / 1000) }) : new PromotionError(code);
  }
}
