import type {
  Audience,
  AudienceCount,
  CreateEmails,
  CreateEmailsResult,
  Demail,
  DemailListQuery,
  EmailBatch,
  EmailBatchCreate,
  EmailBatchPatch,
  EmailTemplate,
  EmailTemplateCreate,
  EmailTemplatePatch,
  Language,
  Page,
  RenderedEmail,
  SendTestEmail,
  SendTestEmailResult,
  TemplateVariable,
  UnsubscribeInfo,
} from '@shortlist/contract';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

export const emailKeys = {
  all: ['emails'] as const,
  templates: (teamId: number, offset: number, limit: number, search: string) =>
    ['emails', 'templates', teamId, offset, limit, search] as const,
  variables: (teamId: number) => ['emails', 'variables', teamId] as const,
  batches: (teamId: number, offset: number) => ['emails', 'batches', teamId, offset] as const,
  batch: (id: number) => ['emails', 'batch', id] as const,
  // A batch's e-mails say why one was not sent in the interface's language: each language is read apart.
  batchView: (id: number, offset: number, limit: number, language: Language) =>
    ['emails', 'batch', id, 'view', offset, limit, language] as const,
  demails: (id: number, offset: number, limit: number, language: Language) =>
    ['emails', 'batch', id, 'emails', offset, limit, language] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};

export const fetchTemplates = (teamId: number, offset: number, limit: number, search = '') =>
  apiGet<Page<EmailTemplate>>('email-templates/', {
    team: teamId,
    offset,
    limit,
    search: search || undefined,
  });
export const createTemplate = (body: EmailTemplateCreate) => apiPost<EmailTemplate>('email-templates/', body);
export const updateTemplate = (id: number, body: EmailTemplatePatch) =>
  apiPatch<EmailTemplate>(`email-templates/${id}/`, body);
export const deleteTemplate = (id: number) => apiDelete(`email-templates/${id}/`);
export const fetchVariables = (teamId: number) =>
  apiGet<TemplateVariable[]>('email-templates/variables/', { team: teamId });
export const previewTemplate = (body: {
  team: number;
  subject: string;
  html_content: string;
  issue?: number;
}) => apiPost<RenderedEmail>('email-templates/preview/', body);

export const fetchBatches = (teamId: number, offset: number, limit: number) =>
  apiGet<Page<EmailBatch>>('email-batches/', { team: teamId, offset, limit });
export const fetchBatch = (id: number) => apiGet<EmailBatch>(`email-batches/${id}/`);
export const createBatch = (body: EmailBatchCreate) => apiPost<EmailBatch>('email-batches/', body);
export const updateBatch = (id: number, body: EmailBatchPatch) =>
  apiPatch<EmailBatch>(`email-batches/${id}/`, body);
export const deleteBatch = (id: number) => apiDelete(`email-batches/${id}/`);
export const createEmails = (id: number, body: CreateEmails) =>
  apiPost<CreateEmailsResult>(`email-batches/${id}/create_emails/`, body);
export const renderEmails = (id: number) => apiPost<EmailBatch>(`email-batches/${id}/render_emails/`, {});
export const sendEmails = (id: number, sendAt?: string) =>
  apiPost<EmailBatch>(`email-batches/${id}/send_emails/`, sendAt ? { send_at: sendAt } : {});
export const cancelSchedule = (id: number) => apiPost<EmailBatch>(`email-batches/${id}/cancel_schedule/`, {});
export const resendFailed = (id: number) => apiPost<EmailBatch>(`email-batches/${id}/resend_failed/`, {});
export const countAudience = (team: number, audience: Audience) =>
  apiPost<AudienceCount>('email-batches/audience_count/', { team, audience });
export const addAudience = (id: number, audience: Audience) =>
  apiPost<CreateEmailsResult>(`email-batches/${id}/add_audience/`, { audience });
export const sendTestEmail = (id: number, body: SendTestEmail) =>
  apiPost<SendTestEmailResult>(`email-batches/${id}/send_test_email/`, body);
export const fetchDemails = (id: number, query: Partial<DemailListQuery>) =>
  apiGet<Page<Demail>>(`email-batches/${id}/emails/`, query);

export const fetchUnsubscribe = (token: string) => apiGet<UnsubscribeInfo>(`unsubscribe/${token}/`);
export const postUnsubscribe = (token: string) => apiPost(`unsubscribe/${token}/`);
