import {
  type AuditEntry,
  type AuditFilter,
  type Page,
  type PersonalDataErasure,
  personalDataArchiveName,
} from '@shortlist/contract';
import { apiGet, apiPost } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (teamId: number, filter: AuditFilter, offset: number) =>
    ['audit-log', teamId, filter, offset] as const,
};

export const fetchAuditLog = (teamId: number, filter: AuditFilter, offset: number, limit: number) =>
  apiGet<Page<AuditEntry>>(`teams/${teamId}/audit-log/`, { ...filter, offset, limit });

export const downloadAuditLog = (
  teamId: number,
  filter: AuditFilter,
  format: 'xlsx' | 'csv',
  filename: string,
) => downloadFile(`teams/${teamId}/audit-log/export/`, filename, { query: { ...filter, format } });

/** A team's personal data requests, or a site administrator's for every team (`teamId` null). */
const personalDataPath = (teamId: number | null) =>
  teamId === null ? 'personal-data/' : `teams/${teamId}/personal-data/`;

export const downloadPersonalData = (teamId: number | null, email: string) =>
  downloadFile(`${personalDataPath(teamId)}export/`, personalDataArchiveName(new Date()), {
    method: 'POST',
    body: { email },
  });

export const erasePersonalData = (teamId: number | null, email: string) =>
  apiPost<PersonalDataErasure>(`${personalDataPath(teamId)}erase/`, { email });
