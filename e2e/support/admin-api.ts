import { ADMIN } from './server.ts';

async function signInAsAdmin(baseUrl: string) {
  const reply = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  return ((await reply.json()) as { access: string }).access;
}

/**
 * Calls the API as the superuser ADMIN, who administers the demo workspace (team 1), to build test data
 * quickly where its screens are tested elsewhere. A 204 answers undefined.
 */
export async function callAdminApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: object,
): Promise<T> {
  const access = await signInAsAdmin(baseUrl);
  const reply = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: body && JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
  return (reply.status === 204 ? undefined : await reply.json()) as T;
}

/** POSTs as the team admin with one sign-in for many calls. */
export async function adminApi(baseUrl: string) {
  const access = await signInAsAdmin(baseUrl);
  return async <T>(url: string, body: object) => {
    const reply = await fetch(`${baseUrl}/api/v1/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: JSON.stringify(body),
    });
    if (!reply.ok) throw new Error(`${url}: ${reply.status} ${await reply.text()}`);
    return reply.json() as Promise<T>;
  };
}
