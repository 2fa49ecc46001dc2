import { isIPv6 } from 'node:net';
import { PromotionCode, PromotionLimits } from '@lend/contracts';
import type { CounterStore } from '../../counters/counter-store';
import { PromotionError } from './promotion-error';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The network a request comes from: an IPv4 address, or the /64 of an IPv6 one (a single
 * subscriber usually holds a whole /64, so counting single addresses would not limit anyone).
 */
export function networkOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Gives back what an admission took, when a later rule refuses the SMS after all. */
export type GiveBack = () => Promise<void>;

/**
 * Admits one SMS to `phone` from `ip`, or refuses it: no resend within 60 s, at most 5 per phone
 * and 10 per network an hour. Every count is an atomic increment, so concurrent requests cannot
 * slip past a cap; a request refused by a later rule gives back what the earlier ones took.
 */
export async function admitSms(counters: CounterStore, phone: string, ip: string): Promise<GiveBack> {
  const resendKey = `sms:resend:${phone}`;
  const waitMs = await counters.claim(resendKey, PromotionLimits.smsResendMs);
  if (waitMs > 0) throw new PromotionError(PromotionCode.ResendTooSoon, { seconds: Math.ceil(waitMs / 1000) });

  const phoneKey = `sms:phone:${phone}`;
  if ((await counters.increment(phoneKey, HOUR_MS)) > PromotionLimits.smsPerPhonePerHour) {
    throw new PromotionError(PromotionCode.PhoneHourlyLimit);
  }
  const networkKey = `sms:net:${networkOf(ip)}`;
  const givePhoneBack = async () => {
    await counters.decrement(phoneKey);
    await counters.release(resendKey);
  };
  if ((await counters.increment(networkKey, HOUR_MS)) > PromotionLimits.smsPerAddressPerHour) {
    await givePhoneBack();
    throw new PromotionError(PromotionCode.AddressHourlyLimit);
  }
  return async () => {
    await counters.decrement(networkKey);
    await givePhoneBack();
  };
}
