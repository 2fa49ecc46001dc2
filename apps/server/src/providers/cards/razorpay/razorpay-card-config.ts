import { z } from 'zod';
import { timeoutSetting } from '../../provider-time';

/** India's cards on Razorpay (docs/decisions/124), beside the key and webhook secret the cash rails share (121). */
export type RazorpayCardSettings = {
  /** Our site's origin: Razorpay's hosted page sends the borrower back to an address on it. */
  returnOrigin: string;
  /** How long a call to Razorpay may take before it is treated as unanswered: the client itself never gives up. */
  timeoutMs: number;
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const razorpayCardEnvShape = {
  RAZORPAY_CARD_RETURN_ORIGIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), 'must be an https:// origin such as https://lend.example')
      .optional(),
  ),
  RAZORPAY_CARD_TIMEOUT_MS: timeoutSetting(20_000),
};

type RazorpayCardEnv = { RAZORPAY_CARD_RETURN_ORIGIN?: string | undefined; RAZORPAY_CARD_TIMEOUT_MS: number };

/** The settings, or the variable missing with what it must be. */
export function razorpayCardConfig(values: RazorpayCardEnv, usedBy: string): RazorpayCardSettings | { variable: string; message: string } {
  if (values.RAZORPAY_CARD_RETURN_ORIGIN === undefined) return { variable: 'RAZORPAY_CARD_RETURN_ORIGIN', message: `is required when ${usedBy} is razorpay` };
  return { returnOrigin: values.RAZORPAY_CARD_RETURN_ORIGIN.replace(/\/$/, ''), timeoutMs: values.RAZORPAY_CARD_TIMEOUT_MS };
}
