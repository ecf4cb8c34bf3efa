import './messages.ts';

export * from './auth.ts';
export * from './common.ts';
export * from './contact.ts';
export * from './item-types.ts';
export * from './items.ts';
export * from './outbox.ts';
export * from './reviews.ts';
export * from './tags.ts';
export * from './teams.ts';
