import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Money columns hold integer minor units; JavaScript numbers are exact up to 2^53. */
export const minor = (name: string) => bigint(name, { mode: 'number' }).notNull();

