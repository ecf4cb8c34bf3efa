import {
  API_PREFIX,
  type FormSubmission,
  type FormSubmissionAction,
  type FormSubmissionCommitReply,
  type FormSubmissionCreate,
  type FormUploadReply,
  type PublicForm,
  type SubmissionStatus,
} from '@shortlist/contract';
import { apiGet, apiPost } from '../../lib/api-client';
import { getFirst } from '../../lib/public-first-reply';
import { postWithProgress } from '../../lib/upload-request';

export interface DraftLink {
  submission: number;
  token: string;
  /** Only in the e-mailed copy of the link: opening it verifies the respondent's address. */
  v?: string;
}

/** The page's first request: its reply may already be in index.html (getFirst). */
export const fetchPublicForm = (formId: number, draft: DraftLink | null) =>
  getFirst<PublicForm>(`${API_PREFIX}/intake-forms/${formId}/public/`, draft ? { ...draft } : undefined);

export const postSubmission = (body: FormSubmissionCreate) =>
  apiPost<FormSubmission>(`${API_PREFIX}/form-submissions/`, body);

export const commitSubmission = (id: number, token: string, action: FormSubmissionAction) =>
  apiPost<FormSubmissionCommitReply>(`${API_PREFIX}/form-submissions/${id}/commit/`, { token, action });

/** Sends one granted file (the key first: the server reads it before the file), reporting progress. */
export function uploadGrantedFile(
  submissionId: number,
  key: string,
  file: File,
  onProgress: (loaded: number) => void,
): Promise<FormUploadReply> {
  const body = new FormData();
  body.append('key', key);
  body.append('file', file);
  const url = `${API_PREFIX}/form-submissions/${submissionId}/upload/`;
  return postWithProgress<FormUploadReply>(url, body, (event) => onProgress(event.loaded)).promise;
}

/** What the edit link shows of the response: submitted or not, and the decision once sent. */
export const fetchSubmissionStatus = (submission: number, token: string) =>
  apiGet<SubmissionStatus>(`${API_PREFIX}/form-submissions/${submission}/status/`, { token });
