/** One pg-core schema, kept in a file per area; drizzle-kit and the app read it through this index. */
export * from './core';
export * from './loans';
export * from './site';
export * from './promotion';
export * from './complaints';
export * from './money';
export * from './cards';
export * from './preferences';
export * from './reminders';
export * from './privacy';
export * from './refunds';
export * from './profiles';
export * from './credit';
export * from './staff';
export * from './payouts';
export * from './jobs';
export * from './notes';
