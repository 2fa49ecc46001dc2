import { z } from 'zod';
import { contrastRatio, HEX_COLOUR, MIN_TEXT_CONTRAST } from './colour-contrast';
import { PROMO_FUNNEL_DAYS_MAX } from './backoffice-paths';
import { StaffRuleErrorCode } from './error-codes-staff-rules';
import { ruleError } from './rule-error';
import { normalisePhone, PHONE_MARKETS, PROMOTION_CODES, PromotionLimits } from './promotion-codes';
import { pageQuerySchema, pageSchema } from './paging';
import { SMS_KINDS, SMS_STATUSES } from './reminders';
import { SiteRoute } from './routes';
import type { Language } from './language';
import { PHONE_RULES, type PhoneMarket } from './phone';

// The constants live apart from the schemas so the landing page can read them without zod.
export * from './promotion-codes';
export * from './colour-contrast';

/** Every promotion answer: a string code of `PROMOTION_CODES` (docs/decisions/050), a message in the visitor's language, maybe data. */
export function promotionAnswerSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.enum(PROMOTION_CODES), message: z.string(), data });
}
export const promotionPlainAnswerSchema = z.object({ code: z.enum(PROMOTION_CODES), message: z.string() });
export type PromotionAnswer<T = undefined> = { code: string; message: string; data?: T };

const text = (max: number) => z.string().trim().max(max);
const attribution = text(64).default('');
const templateIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

// ---------------------------------------------------------------------------------------------
// Templates (operator data)

const copySchema = z.object({
  title: text(60).min(1),
  headline: text(120).min(1),
  body: text(600).default(''),
});

const colour = z.string().regex(HEX_COLOUR, 'must be a #RRGGBB colour');

/** A path on this site (`/media/...`): the content security policy only admits our own images. */
const sameSitePath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?![/\\])\S*$/, 'must be a path on this site, starting with /');
const storeUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/\S+$/, 'must be an https:// address');

export const promoColoursSchema = z
  .object({ background: colour, text: colour, button: colour, buttonText: colour })
  .refine((c) => contrastRatio(c.background, c.text) >= MIN_TEXT_CONTRAST, {
    message: `text on background must reach ${MIN_TEXT_CONTRAST}:1 contrast`,
    path: ['text'],
  })
  .refine((c) => contrastRatio(c.button, c.buttonText) >= MIN_TEXT_CONTRAST, {
    message: `buttonText on button must reach ${MIN_TEXT_CONTRAST}:1 contrast`,
    path: ['buttonText'],
  });
export type PromoColours = z.infer<typeof promoColoursSchema>;
/** Colours as stored and answered: checked once, when the operator saved them. */
const savedColoursSchema = z.object({ background: z.string(), text: z.string(), button: z.string(), buttonText: z.string() });

export const promoDownloadLinksSchema = z
  .object({ android: storeUrl.optional(), ios: storeUrl.optional() })
  .refine((links) => links.android !== undefined || links.ios !== undefined, {
    message: 'name at least one app-store link',
    path: ['android'],
  });

const marketSchema = z.enum(PHONE_MARKETS);

/**
 * What an operator gives to create a template (`npm run cli -- promo template create`). `market`
 * is whose phones its landing takes and where its visitors become borrowers (docs/decisions/232);
 * left out, the server's default market (`PROMOTION_MARKET`).
 */
export const promoTemplateInputSchema = z.object({
  name: text(100).min(1),
  market: marketSchema.optional(),
  content: z.object({ en: copySchema, es: copySchema }),
  bannerUrl: sameSitePath,
  colours: promoColoursSchema,
  downloadLinks: promoDownloadLinksSchema,
  termsUrl: z.union([sameSitePath, storeUrl]).default(SiteRoute.user),
  /** The ad network's conversion id; empty when the campaign reports no conversions. */
  trackingCode: text(100).default(''),
  active: z.boolean().default(true),
});
export type PromoTemplateInput = z.input<typeof promoTemplateInputSchema>;

/**
 * An edit says whether the campaign is still live rather than falling back to live (docs/decisions/209);
 * without `market` the template keeps its own.
 */
export const promoTemplateUpdateSchema = promoTemplateInputSchema.extend({ active: z.boolean() });
export type PromoTemplateUpdate = z.input<typeof promoTemplateUpdateSchema>;
export const promoTemplateParamsSchema = z.object({ id: templateIdSchema });

export const promoTemplateSchema = promoTemplateInputSchema.extend({
  id: z.number().int(),
  market: marketSchema,
  downloadLinks: z.object({ android: z.string().optional(), ios: z.string().optional() }),
  colours: savedColoursSchema,
  createdAt: z.string(),
});
export type PromoTemplate = z.infer<typeof promoTemplateSchema>;
export const promoTemplateListQuerySchema = pageQuerySchema;
export const promoTemplateListSchema = pageSchema(promoTemplateSchema);

// ---------------------------------------------------------------------------------------------
// Visitor calls: template, sid, captcha, SMS, registration, tracking

export const templateQuerySchema = z.object({ templateId: templateIdSchema });

/** The landing's configuration in the visitor's language. */
export const promoLandingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  headline: z.string(),
  body: z.string(),
  bannerUrl: z.string(),
  colours: savedColoursSchema,
  downloadLinks: z.object({ android: z.string().nullable(), ios: z.string().nullable() }),
  termsUrl: z.string(),
  trackingCode: z.string(),
  /** The template's market: the phone rule, the country code shown, and where the visitor registers. */
  market: marketSchema,
  phoneLength: z.number().int(),
});
export type PromoLanding = z.infer<typeof promoLandingSchema>;

/** What of a template the landing needs: its market, its copy in both languages, banner, colours, links and tracking. */
export type LandingSource = {
  id: number;
  market: PhoneMarket;
  content: Record<Language, { title: string; headline: string; body: string }>;
  bannerUrl: string;
  colours: PromoLanding['colours'];
  downloadLinks: { android?: string | undefined; ios?: string | undefined };
  termsUrl: string;
  trackingCode: string;
};

/**
 * The landing a visitor reads of a template in their language, with the phone rule of the
 * template's market (docs/decisions/232): one mapping for the server's answer and the back
 * office's preview (docs/decisions/179).
 */
export function landingOfTemplate(template: LandingSource, language: Language): PromoLanding {
  const copy = template.content[language];
  return {
    id: template.id,
    title: copy.title,
    headline: copy.headline,
    body: copy.body,
    bannerUrl: template.bannerUrl,
    colours: template.colours,
    downloadLinks: { android: template.downloadLinks.android ?? null, ios: template.downloadLinks.ios ?? null },
    termsUrl: template.termsUrl,
    trackingCode: template.trackingCode,
    market: template.market,
    phoneLength: PHONE_RULES[template.market].length,
  };
}

const clientType = z.enum(['ios', 'android', 'web']).catch('web');

export const trackVisitQuerySchema = z.object({
  page_id: templateIdSchema,
  user_from: attribution,
  app_from: attribution,
  utm_tag: attribution,
  client_type: clientType,
  page_type: text(4).default('1'),
});
export type TrackVisitQuery = z.infer<typeof trackVisitQuerySchema>;

export const trackClickQuerySchema = trackVisitQuerySchema.extend({ phone: text(20).default('') });
export type TrackClickQuery = z.infer<typeof trackClickQuerySchema>;

/** `templateId` is our addition: it ties the visitor's sid, and so the SMS it sends, to a campaign. */
export const getSidQuerySchema = z.object({ templateId: templateIdSchema.optional() });
export const sidDataSchema = z.object({ sid: z.string() });

export const textChallengeDataSchema = z.object({ question: z.string() });

const sid = text(64).min(1);

export const captchaQuerySchema = z.object({ sid, a: text(20).optional() });

export const smsRequestSchema = z.object({
  phone: text(20),
  capcode: text(PromotionLimits.captchaLength * 4).default(''),
  sid,
  deviceId: text(128).default(''),
  appName: text(64).default(''),
  app_from: attribution,
  user_from: attribution,
  utm_tag: attribution,
});
export type SmsRequest = z.infer<typeof smsRequestSchema>;

export const registerRequestSchema = smsRequestSchema.extend({
  smsCode: text(PromotionLimits.smsCodeLength * 4).default(''),
  merchantNumber: text(16).default(''),
  userName: text(64).default(''),
  invite_code: attribution,
  id: templateIdSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Operator views

export const promoFunnelQuerySchema = z.object({ templateId: templateIdSchema });
export const promoFunnelSchema = z.object({
  templateId: z.number().int(),
  visits: z.number().int(),
  clicks: z.number().int(),
  smsSent: z.number().int(),
  registrations: z.number().int(),
});
export type PromoFunnel = z.infer<typeof promoFunnelSchema>;

/** A calendar day written `YYYY-MM-DD` that exists (no 30 February). */
const isCalendarDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
const funnelDay = z.string().refine(isCalendarDay, ruleError(StaffRuleErrorCode.PromoFunnelRangeInvalid));
/** Whole days from `from` to `to`, both counted. */
export const daysInRange = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * A template's funnel day by day (docs/decisions/183): `from` and `to` are calendar days in the
 * template's market's time zone, both counted, at most `PROMO_FUNNEL_DAYS_MAX` of them.
 */
export const promoFunnelDaysQuerySchema = z
  .object({ templateId: templateIdSchema, from: funnelDay, to: funnelDay })
  .refine(({ from, to }) => {
    const days = daysInRange(from, to);
    return Number.isInteger(days) && days >= 1 && days <= PROMO_FUNNEL_DAYS_MAX;
  }, ruleError(StaffRuleErrorCode.PromoFunnelRangeInvalid));
export type PromoFunnelDaysQuery = z.input<typeof promoFunnelDaysQuerySchema>;

const funnelFigures = { visits: z.number().int(), clicks: z.number().int(), smsSent: z.number().int(), registrations: z.number().int() };
export const promoFunnelDaySchema = z.object({ day: z.string(), ...funnelFigures });
export type PromoFunnelDay = z.infer<typeof promoFunnelDaySchema>;
/** Every day of the range, oldest first, a day without figures as zeros; the totals are the range's. */
export const promoFunnelDaysSchema = z.object({
  templateId: z.number().int(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(promoFunnelDaySchema),
  totals: z.object(funnelFigures),
});
export type PromoFunnelDays = z.infer<typeof promoFunnelDaysSchema>;

/** One phone's messages, or every phone's (to find failed sends, with `status`). */
export const smsOutboxQuerySchema = pageQuerySchema.extend({
  phone: text(20).min(1).transform(normalisePhone).optional(),
  status: z.enum(SMS_STATUSES).optional(),
});
export const smsOutboxEntrySchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  text: z.string(),
  code: z.string(),
  /** What it was sent for: `code` for a one-time code, else the reminder's kind. */
  kind: z.enum(SMS_KINDS),
  sentAt: z.string(),
  /** `sandbox` or `twilio`. */
  provider: z.string(),
  status: z.enum(SMS_STATUSES),
  /** The gateway's error code and words when it refused or could not deliver the message. */
  errorCode: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Requests made to the gateway for this message (retries after a transient failure included). */
  attempts: z.number().int(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntrySchema>;
export const smsOutboxPageSchema = pageSchema(smsOutboxEntrySchema);

export const captchaAnswerQuerySchema = z.object({ sid });
export const captchaAnswerSchema = z.object({ answer: z.string() });
