/** The card providers a market may run on (docs/decisions/117, 124); `disabled` takes no card at all (111). */
export const CARD_PAYMENT_PROVIDER_NAMES = ['sandbox', 'stripe', 'razorpay', 'disabled'] as const;
export type CardProviderName = (typeof CARD_PAYMENT_PROVIDER_NAMES)[number];
