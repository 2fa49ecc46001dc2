import { z } from 'zod';
import { Limits } from './limits';

/**
 * The one paging shape of every list that can grow: ask for `limit` items (at most
 * `Limits.pageSizeMax`) and pass back the `nextCursor` of the previous page; a null
 * `nextCursor` means there is nothing after this page. The cursor is opaque to callers.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export type Page<T> = { items: T[]; nextCursor: string | null };
