/**
 * Every table, one file per feature area: what Drizzle's client (db/client.ts) and drizzle-kit
 * (drizzle.config.ts) read, and what the features import. A new table goes in its feature's file here.
 */
export * from './assignment.ts';
export * from './audit.ts';
export * from './captcha.ts';
export * from './contact.ts';
export * from './decisions.ts';
export * from './emails.ts';
export * from './forms.ts';
export * from './items.ts';
export * from './judges.ts';
export * from './judging.ts';
export * from './mail.ts';
export * from './merges.ts';
export * from './notifications.ts';
export * from './pairwise.ts';
export * from './rate-limits.ts';
export * from './reports.ts';
export * from './reviews.ts';
export * from './rounds.ts';
export * from './selections.ts';
export * from './sso.ts';
export * from './submissions.ts';
export * from './tags.ts';
export * from './teams.ts';
export * from './users.ts';
export * from './webhooks.ts';
