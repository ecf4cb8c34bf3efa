import { channel } from 'node:diagnostics_channel';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { type Action, type Caller, RULES } from './rules.ts';

/** Every decision of the table, published for the tests that check each route asks (no cost unsubscribed). */
export const accessDecisions = channel('shortlist.access');

export interface Decision {
  action: Action;
  caller: Caller;
}

/** Answers as the table says: returns when allowed, throws the refusal otherwise. */
export function decide(action: Action, caller: Caller, detail?: string) {
  if (accessDecisions.hasSubscribers) accessDecisions.publish({ action, caller } satisfies Decision);
  const outcome = RULES[action][caller];
  if (outcome === 'allowed') return;
  if (outcome === 404) throw notFound();
  if (outcome === 403) throw forbidden(detail);
  throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
}

/** A caller whom the table refuses: throws its refusal (a table changed to allow them fails loudly). */
export function refuse(action: Action, caller: Caller): never {
  decide(action, caller);
  throw new Error(`The route has nothing to give ${caller} for ${action}.`);
}
