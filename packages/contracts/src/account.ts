import { z } from 'zod';
import { PHONE_MARKETS } from './phone';

/**
 * The native app's sign-in and account calls, under `MACHINE_BASE` with the common query and the
 * envelope like every borrower call. The sign-in calls need no session; the others need one.
 */
export const AccountPath = {
  sendCode: '/v3/login/send-code',
  signIn: '/v3/login/sign-in',
  /**
   * Sign-in from a phone's browser: the same code check, the session kept in an HttpOnly cookie the
   * page's script never reads (`BORROWER_WEB_COOKIE`), so its answer names no session id.
   */
  webSignIn: '/v3/login/web-sign-in',
  signOut: '/v3/login/sign-out',
  sessions: '/v3/user/sessions',
  orders: '/v3/user/orders',
} as const;

export const AccountLimits = {
  /** A session nobody used for this long ends, whatever its absolute end (`Limits.sessionTtlMs`). */
  sessionIdleMs: 30 * 24 * 60 * 60 * 1000,
  /** Last-used is written at most this often per session (docs/decisions/092). */
  sessionTouchMs: 60 * 60 * 1000,
  /** Live sessions listed at most; a borrower rarely has more than a few devices. */
  sessionsListMax: 50,
  /** The newest orders "my loans" shows; older ones stay reachable from support. */
  ordersListMax: 50,
} as const;

const phone = z.string().trim().min(1).max(32);
const market = z.enum(PHONE_MARKETS);
const deviceId = z.string().trim().min(1).max(128);

export const sendCodeRequestSchema = z.object({ phone, market, deviceId });
export type SendCodeRequest = z.input<typeof sendCodeRequestSchema>;

export const sendCodeResponseSchema = z.object({
  /** Seconds before another code may be asked for this phone. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

export const signInRequestSchema = z.object({ phone, market, code: z.string().trim().max(12), deviceId });
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const signInResponseSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  /** The session's absolute end (ISO 8601); it ends sooner after 30 days unused. */
  expiresAt: z.string(),
  /** True when this phone had no account until now. */
  newBorrower: z.boolean(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * The cookie that carries a web session (`<userId>.<sessionId>`): HttpOnly, SameSite=Strict, on the
 * whole site. A call that names its session in the query (the native app's web view) is judged by
 * that query; a call without one, by this cookie.
 */
export const BORROWER_WEB_COOKIE = 'lend_borrower';

export const webSignInResponseSchema = signInResponseSchema.omit({ sessionId: true });
export type WebSignInResponse = z.infer<typeof webSignInResponseSchema>;

/** `all=1` ends every session of the borrower, this one included; otherwise only this one. */
export const signOutRequestSchema = z
  .object({ all: z.enum(['0', '1']).optional() })
  .nullish();
export type SignOutRequest = z.input<typeof signOutRequestSchema>;

export const signOutResponseSchema = z.object({ signedOut: z.number().int() });
export type SignOutResponse = z.infer<typeof signOutResponseSchema>;

export const accountSessionSchema = z.object({
  /** A random id of its own, never the session id. */
  id: z.string(),
  deviceId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this call was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const accountOrderSchema = z.object({
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  status: z.object({ code: z.number().int(), title: z.string(), colour: z.string() }),
  currency: z.enum(['MXN', 'INR']),
  principalMinor: z.number().int(),
  totalRepayableMinor: z.number().int(),
  createdAt: z.string(),
  /** `YYYY-MM-DD` in the market's calendar, once paid out. */
  dueDate: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** Web-view addresses without the session: the app appends the common query. '' when not offered. */
  links: z.object({ details: z.string(), repay: z.string(), contract: z.string() }),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

export const accountOrdersResponseSchema = z.object({
  items: z.array(accountOrderSchema),
  /** True when the borrower has more orders than `AccountLimits.ordersListMax`. */
  more: z.boolean(),
});
export type AccountOrdersResponse = z.infer<typeof accountOrdersResponseSchema>;
