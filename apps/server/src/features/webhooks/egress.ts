import { webhookAddressRefusedMessage } from '@shortlist/contract';
import type { Config } from '../../config.ts';
import { type EgressPolicy, egressPolicy } from '../../http/egress-policy.ts';
import { checkedAddresses, EgressRefused, type Resolve } from '../../http/egress-request.ts';
import { fieldErrors } from '../../http/errors.ts';

const policies = new WeakMap<Pick<Config, 'webhookAllowedHosts'>, EgressPolicy>();

/** Where webhooks may go under this configuration (WEBHOOK_ALLOWED_HOSTS), built once. */
export function webhookPolicy(config: Pick<Config, 'webhookAllowedHosts'>) {
  let policy = policies.get(config);
  if (!policy) {
    policy = egressPolicy(config.webhookAllowedHosts);
    policies.set(config, policy);
  }
  return policy;
}

/** A name that does not answer within this time is accepted at save: each delivery checks it again. */
const SAVE_LOOKUP_TIMEOUT_MS = 3_000;

/**
 * Refuses at save a URL whose host is, or resolves to, an address of the server's own network, with a
 * message on `url`. Only a clear answer refuses: a name that does not resolve yet (a receiver being set
 * up) is kept, since every delivery checks the address it connects to anyway.
 */
export async function checkWebhookUrl(
  config: Pick<Config, 'webhookAllowedHosts'>,
  url: string,
  resolve?: Resolve,
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), SAVE_LOOKUP_TIMEOUT_MS);
  });
  try {
    await Promise.race([checkedAddresses(new URL(url), webhookPolicy(config), resolve), timeout]);
  } catch (error) {
    if (error instanceof EgressRefused) {
      throw fieldErrors({ url: [webhookAddressRefusedMessage(error.address, error.kind)] });
    }
  } finally {
    clearTimeout(timer);
  }
}
