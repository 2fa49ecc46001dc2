import { z } from 'zod';
import { Limits } from './limits';

/** `POST /user-problem/get-whatsapp` body: the original sends overall=30. */
export const serviceContactsRequestSchema = z.object({
  overall: z.coerce.number().int().pipe(z.literal(Limits.serviceOverall)),
});
export type ServiceContactsRequest = z.infer<typeof serviceContactsRequestSchema>;

/** Customer-service contacts: `phone` is the WhatsApp number, `va` the telephone (names kept from the original app's answer). */
export const serviceContactsSchema = z.object({
  phone: z.string(),
  va: z.string(),
  email: z.string(),
});
export type ServiceContacts = z.infer<typeof serviceContactsSchema>;
