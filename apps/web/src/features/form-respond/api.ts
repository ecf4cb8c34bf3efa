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
import { ApiError, apiGet, apiPost, interfaceLanguage } from '../../app/api-client';
import { getFirst } from '../../app/public-first-reply';

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
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_PREFIX}/form-submissions/${submissionId}/upload/`);
    request.setRequestHeader('Accept-Language', interfaceLanguage());
    request.responseType = 'json';
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve(request.response as FormUploadReply)
        : reject(new ApiError(request.status, request.response));
    request.onerror = () => reject(new ApiError(0, null));
    const body = new FormData();
    body.append('key', key);
    body.append('file', file);
    request.send(body);
  });
}

/** What the edit link shows of the response: submitted or not, and the decision once sent. */
export const fetchSubmissionStatus = (submission: number, token: string) =>
  apiGet<SubmissionStatus>(`${API_PREFIX}/form-submissions/${submission}/status/`, { token });
