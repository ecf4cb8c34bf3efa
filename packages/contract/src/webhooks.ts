import { z } from 'zod';
import { bodyIdSchema, type Language, pageQuerySchema } from './common.ts';

// Outgoing webhooks: a team's URLs told of its events, signed as Standard Webhooks asks
// (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`.

export const WEBHOOK_EVENTS = [
  'form.submitted',
  'judge.submitted',
  'selection.closed',
  'item.promoted',
  'decision.sent',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by the test button only. */
export const WEBHOOK_PING_EVENT = 'ping';
/** What each event means, as the webhooks page and the audit log name it (`ping`: the test button's). */
export const WEBHOOK_EVENT_NAMES: Record<
  Language,
  Record<WebhookEvent | typeof WEBHOOK_PING_EVENT, string>
> = {
  en: {
    'form.submitted': 'A form response is submitted',
    'judge.submitted': 'A judge submits',
    'selection.closed': 'A selection is closed',
    'item.promoted': 'Items are promoted to another round',
    'decision.sent': 'A decision reaches an applicant',
    ping: 'Test',
  },
  fr: {
    'form.submitted': 'Une réponse à un formulaire est envoyée',
    'judge.submitted': 'Un juge envoie ses réponses',
    'selection.closed': 'Une sélection est fermée',
    'item.promoted': 'Des éléments passent à un autre tour',
    'decision.sent': 'Une décision parvient à un candidat',
    ping: 'Test',
  },
};
export const WEBHOOK_URL_MAX_LENGTH = 500;
export const WEBHOOKS_PER_TEAM_MAX = 10;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WEBHOOK_LIMIT = 'WEBHOOK_LIMIT';
export const webhookLimitMessage = `A team has at most ${WEBHOOKS_PER_TEAM_MAX} webhooks.`;

/**
 * The ranges of the server's own network a webhook may not reach (unless the operator allows them with
 * WEBHOOK_ALLOWED_HOSTS): 127/8, ::1, 0/8 and ::; 10/8, 172.16/12, 192.168/16, 100.64/10 and fc00::/7;
 * 169.254/16 (cloud metadata) and fe80::/10; every other range that is no public host.
 */
export const EGRESS_ADDRESS_KINDS = ['loopback', 'private', 'link-local', 'reserved'] as const;
export type EgressAddressKind = (typeof EGRESS_ADDRESS_KINDS)[number];
/** What a kind of address is, where its name alone would not tell the reader. */
const ADDRESS_KIND_NOTES: Partial<Record<EgressAddressKind, string>> = {
  loopback: ' (the server itself)',
  'link-local': ' (such as the cloud metadata service)',
};
/** Why a webhook's URL is refused at save, and why a delivery to it failed (it was not attempted). */
export const webhookAddressRefusedMessage = (address: string, kind: EgressAddressKind) =>
  `${address} is a ${kind} address${ADDRESS_KIND_NOTES[kind] ?? ''}: webhooks may not reach the server's own network. An on-premises receiver can be allowed by the server's operator.`;

const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH)
  .url()
  .refine((url) => /^https?:\/\//i.test(url), 'Enter a valid URL.');

export const webhookSchema = z.object({
  id: z.number().int(),
  team: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** `whsec_…`: receivers verify signatures with it. */
  secret: z.string(),
  create_time: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

const webhookFields = {
  url: webhookUrlSchema,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
  active: z.boolean().default(true),
};
export const webhookCreateSchema = z.object({ team: bodyIdSchema, ...webhookFields });
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export const webhookPatchSchema = z
  .object({
    url: webhookFields.url,
    events: webhookFields.events,
    active: z.boolean(),
  })
  .partial();
export type WebhookPatch = z.infer<typeof webhookPatchSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  create_time: z.string(),
  delivered_time: z.string().nullable(),
  next_attempt_time: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListQuerySchema = pageQuerySchema;
