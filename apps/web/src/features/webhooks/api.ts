import type {
  Language,
  Page,
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookPatch,
} from '@shortlist/contract';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (teamId: number, offset: number) => ['webhooks', teamId, offset] as const,
  // Why a delivery failed comes in the interface's language: each language is read apart.
  deliveries: (id: number, offset: number, language: Language) =>
    ['webhooks', 'deliveries', id, offset, language] as const,
};

export const fetchWebhooks = (teamId: number, offset: number, limit: number) =>
  apiGet<Page<Webhook>>('webhooks/', { team: teamId, offset, limit });
export const createWebhook = (body: WebhookCreate) => apiPost<Webhook>('webhooks/', body);
export const updateWebhook = (id: number, body: WebhookPatch) => apiPatch<Webhook>(`webhooks/${id}/`, body);
export const deleteWebhook = (id: number) => apiDelete(`webhooks/${id}/`);
export const testWebhook = (id: number) => apiPost(`webhooks/${id}/test/`);
export const fetchDeliveries = (id: number, offset: number, limit: number) =>
  apiGet<Page<WebhookDelivery>>(`webhooks/${id}/deliveries/`, { offset, limit });
