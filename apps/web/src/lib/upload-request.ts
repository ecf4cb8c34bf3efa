import { ApiError, interfaceLanguage } from './api-client';

/** An upload on its way: its reply, and a way to stop it (the reply then rejects with an AbortError). */
export interface UploadRequest<T> {
  promise: Promise<T>;
  abort: () => void;
}

/**
 * POSTs a form with XMLHttpRequest, the only browser API that reports upload progress. It goes around the
 * API client, so it sends what the client sends (the interface's language, the token if there is one) and
 * answers as the client does: the reply's JSON, or an ApiError with the status and body.
 */
export function postWithProgress<T>(
  url: string,
  body: FormData,
  onProgress: (event: ProgressEvent) => void,
  token?: string | null,
): UploadRequest<T> {
  const request = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    request.open('POST', url);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept-Language', interfaceLanguage());
    request.responseType = 'json';
    request.upload.onprogress = onProgress;
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve(request.response as T)
        : reject(new ApiError(request.status, request.response));
    request.onerror = () => reject(new ApiError(0, null));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    request.send(body);
  });
  return { promise, abort: () => request.abort() };
}
