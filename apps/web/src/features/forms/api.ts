import type {
  Condition,
  ConditionCreate,
  CssTheme,
  FormSection,
  FormSectionCreate,
  FormSectionPatch,
  IntakeForm,
  IntakeFormCreate,
  IntakeFormPatch,
  IntakeFormSummary,
  NotificationSetting,
  NotificationSettingCreate,
  NotificationSettingPatch,
  Page,
  PageHeader,
  PageHeaderCreate,
  PageHeaderPatch,
} from '@shortlist/contract';
import { MAX_PAGE_SIZE } from '@shortlist/contract';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

export const formKeys = {
  all: (teamId: number) => ['teams', teamId, 'forms'] as const,
  list: (teamId: number, query: { offset: number; limit: number; tags?: string }) =>
    [...formKeys.all(teamId), 'list', query] as const,
  one: (teamId: number, id: number) => [...formKeys.all(teamId), id] as const,
  pageHeaders: (teamId: number) => [...formKeys.all(teamId), 'page-headers'] as const,
  themes: (teamId: number) => [...formKeys.all(teamId), 'themes'] as const,
  notifications: (teamId: number, subject: NotificationSubject) =>
    [...formKeys.all(teamId), 'notifications', subject] as const,
};

export const fetchForms = (
  teamId: number,
  query: { offset: number; limit: number; tags?: string },
  signal?: AbortSignal,
) => apiGet<Page<IntakeFormSummary>>('intake-forms/', { data_model__team: teamId, ...query }, signal);
export const fetchForm = (id: number, signal?: AbortSignal) =>
  apiGet<IntakeForm>(`intake-forms/${id}/`, undefined, signal);
export const createForm = (input: IntakeFormCreate) => apiPost<IntakeForm>('intake-forms/', input);
export const updateForm = (id: number, patch: IntakeFormPatch) =>
  apiPatch<IntakeForm>(`intake-forms/${id}/`, patch);
export const duplicateForm = (id: number) => apiPost<IntakeForm>(`intake-forms/${id}/duplicate/`);

export const createSection = (input: FormSectionCreate) => apiPost<FormSection>('form-titles/', input);
export const updateSection = (id: number, patch: FormSectionPatch) =>
  apiPatch<FormSection>(`form-titles/${id}/`, patch);
export const deleteSection = (id: number) => apiDelete(`form-titles/${id}/`);

const conditionsPath = (dataModelId: number, fieldId: number) =>
  `data-models/${dataModelId}/datum-fields/${fieldId}/conditions/`;
export const createCondition = (dataModelId: number, fieldId: number, input: ConditionCreate) =>
  apiPost<Condition>(conditionsPath(dataModelId, fieldId), input);

export const fetchPageHeaders = (teamId: number, signal?: AbortSignal) =>
  apiGet<Page<PageHeader>>('page-headers/', { team: teamId, limit: MAX_PAGE_SIZE }, signal);
export const createPageHeader = (input: PageHeaderCreate) => apiPost<PageHeader>('page-headers/', input);
export const updatePageHeader = (id: number, patch: PageHeaderPatch) =>
  apiPatch<PageHeader>(`page-headers/${id}/`, patch);
export const deletePageHeader = (id: number) => apiDelete(`page-headers/${id}/`);
export const fetchThemes = (teamId: number, signal?: AbortSignal) =>
  apiGet<Page<CssTheme>>('css-themes/', { team: teamId, destination: 'form', limit: MAX_PAGE_SIZE }, signal);

/** What admins are told about: a form's responses or a selection's submissions. */
export type NotificationSubject = { form: number } | { issue: number };
export const fetchNotificationSettings = (subject: NotificationSubject, signal?: AbortSignal) =>
  apiGet<Page<NotificationSetting>>('notification-settings/', subject, signal);
export const createNotificationSetting = (input: NotificationSettingCreate) =>
  apiPost<NotificationSetting>('notification-settings/', input);
export const updateNotificationSetting = (id: number, patch: NotificationSettingPatch) =>
  apiPatch<NotificationSetting>(`notification-settings/${id}/`, patch);
