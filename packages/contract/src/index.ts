import './messages.ts';

export * from './auth.ts';
export * from './common.ts';
export * from './contact.ts';
export * from './outbox.ts';
export * from './teams.ts';
