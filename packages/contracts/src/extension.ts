import { z } from 'zod';
import { installmentDetailRequestSchema, paymentChannelGroupSchema } from './loan';

const minor = z.number().int();

/** `loan-play-delay-detail` body: the order (by its number) and optionally its product, like the installment detail. */
export const delayDetailRequestSchema = installmentDetailRequestSchema;
export type DelayDetailRequest = z.input<typeof delayDetailRequestSchema>;

/** One unpaid installment as it stands once the extension is paid. */
export const delayPlanItemSchema = z.object({
  title: z.string(),
  /** Minor units. */
  amount: minor,
  /** What changed for this installment, e.g. the date it was due before. */
  remark: z.string(),
  /** `YYYY-MM-DD`: its due date after the extension. */
  time: z.string(),
});
export type DelayPlanItem = z.infer<typeof delayPlanItemSchema>;

/** The `loan-play-delay-detail` answer (extension screen): its charge, new date, moved plan and references (docs/decisions/075); amounts in minor units. */
export const delayDetailSchema = z.object({
  market: z.enum(['MX', 'IN']),
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  /** Days the extension adds: the screen states "up to" this many. */
  delayDays: z.number().int(),
  delayInfo: z.object({
    reviewer: z.string(),
    /** The extension charge: the extra days' interest with its tax, and the late charges owed. */
    delayAmount: minor,
    /** `YYYY-MM-DD`: the next due date once the extension is paid today. */
    delayTime: z.string(),
  }),
  repayPlan: z.array(delayPlanItemSchema),
  /** Where to pay the charge: each channel carries this order's extension reference. */
  repayList: z.array(paymentChannelGroupSchema),
  noticeMsg: z.string(),
  note: z.string(),
});
export type DelayDetail = z.infer<typeof delayDetailSchema>;
