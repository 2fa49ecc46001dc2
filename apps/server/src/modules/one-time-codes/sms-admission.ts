import { isIPv6 } from 'node:net';
import { OneTimeCodeLimits } from '@lend/contracts';
import type { CounterStore } from '../../counters/counter-store';

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

/** Why an SMS was not admitted; `waitMs` is the resend wait left. */
export class SmsAdmissionRefused extends Error {
  override name = 'SmsAdmissionRefused';
  constructor(
    readonly reason: 'resend-too-soon' | 'phone-hourly' | 'network-hourly',
    readonly waitMs = 0,
  ) {
    super(`sms refused: ${reason}`);
  }
}

/**
 * Admits one SMS to `phone` from `ip`, or throws `SmsAdmissionRefused`: no resend within 60 s,
 * at most 5 per phone and 10 per network an hour. Every count is an atomic increment in the
 * app's counter store (Redis when configured), so concurrent requests cannot slip past a cap, and
 * counted strictly: with Redis configured but lost it throws `CountersUnavailable`; a
 * request refused by a later rule gives back what the earlier ones took. `scope` keeps each
 * flow's counts apart (the promotion's keys are `sms:…`). `allowance`, when given, names an
 * allowance of the phone's own (the resend wait and the hourly cap) that other callers' sends do
 * not use up: sign-in gives one to each device that signed in to the phone before
 * (docs/decisions/109); the network's cap is shared whatever the allowance.
 */
export async function admitSms(store: CounterStore, phone: string, ip: string, scope = 'sms', allowance?: string): Promise<GiveBack> {
  // Never more SMS than allowed: while the shared counts are lost, none is sent (docs/decisions/194).
  const counters = store.strict;
  const holder = allowance === undefined ? phone : `${phone}:${allowance}`;
  const resendKey = `${scope}:resend:${holder}`;
  const waitMs = await counters.claim(resendKey, OneTimeCodeLimits.resendMs);
  if (waitMs > 0) throw new SmsAdmissionRefused('resend-too-soon', waitMs);

  const phoneKey = `${scope}:phone:${holder}`;
  if ((await counters.increment(phoneKey, HOUR_MS)) > OneTimeCodeLimits.perPhonePerHour) {
    throw new SmsAdmissionRefused('phone-hourly');
  }
  const networkKey = `${scope}:net:${networkOf(ip)}`;
  const givePhoneBack = async () => {
    await counters.decrement(phoneKey);
    await counters.release(resendKey);
  };
  if ((await counters.increment(networkKey, HOUR_MS)) > OneTimeCodeLimits.perAddressPerHour) {
    await givePhoneBack();
    throw new SmsAdmissionRefused('network-hourly');
  }
  return async () => {
    await counters.decrement(networkKey);
    await givePhoneBack();
  };
}
