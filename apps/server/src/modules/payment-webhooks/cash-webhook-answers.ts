import { WebhookError, webhookErrorSchema, type WebhookErrorAnswer, type WebhookErrorCode } from '@lend/contracts';

/** The status and English text a provider reads for each refusal; the code is what its software keys on. */
const ANSWERS: Record<WebhookErrorCode, { status: number; message: string }> = {
  [WebhookError.BadSignature]: { status: 401, message: 'The Lend-Signature header is missing or does not match the body.' },
  [WebhookError.StaleTimestamp]: { status: 401, message: 'The signed timestamp is more than five minutes from our clock.' },
  [WebhookError.InvalidEvent]: { status: 400, message: 'The body is not a payment event.' },
  [WebhookError.UnknownReference]: { status: 404, message: 'No such reference at this channel.' },
  [WebhookError.ReferenceOrderMismatch]: { status: 409, message: 'The reference belongs to another order.' },
  [WebhookError.ReferenceExpired]: { status: 409, message: 'The reference had expired when it was paid.' },
  [WebhookError.WrongCurrency]: { status: 422, message: "The currency is not the order's." },
  [WebhookError.AmountOutOfRange]: { status: 422, message: "The amount is not within the channel's limits for one payment." },
  [WebhookError.EventIdReused]: { status: 409, message: 'This event id was applied before with another order, reference, amount or currency; kept for an operator.' },
  [WebhookError.PaidAtOutOfRange]: { status: 422, message: 'The payment time is later than we received it, or before the reference was issued; kept for an operator.' },
  [WebhookError.TooManyRequests]: { status: 429, message: 'Too many deliveries; retry later.' },
  [WebhookError.Internal]: { status: 500, message: 'The payment could not be recorded; retry later.' },
};

export function webhookAnswer(code: WebhookErrorCode, detail?: string): { status: number; body: WebhookErrorAnswer } {
  const { status, message } = ANSWERS[code];
  return { status, body: { error: code, message: detail ? `${message} ${detail}` : message } };
}

/** Every refusal's status with its body, for a webhook route's declared answers. */
export const WEBHOOK_ERROR_ANSWERS = Object.fromEntries([400, 401, 404, 409, 422, 429, 500].map((status) => [status, webhookErrorSchema]));
