/** Login address that brings the user back to `next` (a path with its query) afterwards. */
export function loginPath(next?: string): string {
  if (!next || next === '/' || next.startsWith('/login')) return '/login';
  return `/login?${new URLSearchParams({ next })}`;
}

/** Only same-site paths are followed after login: `//host` and absolute URLs are refused. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
