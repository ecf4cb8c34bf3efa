import { parseWebhookAddressRefusal } from '@shortlist/contract';
import type { TFunction } from 'i18next';

/**
 * A server message in the reader's language when it is the refusal of an address in the server's
 * network (at save, or as a delivery's error); any other message as the server wrote it.
 */
export function refusalText(t: TFunction<'webhooks'>, message: string): string {
  const refusal = parseWebhookAddressRefusal(message);
  if (!refusal) return message;
  return t('addressRefused', { address: refusal.address, kind: t(`addressKind.${refusal.kind}`) });
}
