import { ADMIN } from './server.ts';

/** The superuser's access token per server: signing in for every call ran into the sign-in rate limit. */
const accessTokens = new Map<string, Promise<string>>();

async function signInAsAdmin(baseUrl: string) {
  const reply = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (!reply.ok) throw new Error(`signing in as the superuser: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { access: string }).access;
}

/** The superuser's access token for this server, signed in once (again when `isRenewed`). */
export function adminToken(baseUrl: string, isRenewed = false) {
  let token = accessTokens.get(baseUrl);
  if (!token || isRenewed) {
    token = signInAsAdmin(baseUrl);
    accessTokens.set(baseUrl, token);
  }
  return token;
}

/**
 * Calls the API as the superuser ADMIN, who administers the demo workspace (team 1), to build test data
 * quickly where its screens are tested elsewhere. A 204 answers undefined. A token refused (the admin
 * signed out in the browser) is renewed once.
 */
export async function callAdminApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: object,
): Promise<T> {
  const send = async (access: string) =>
    fetch(`${baseUrl}/api/v1/${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: body && JSON.stringify(body),
    });
  let reply = await send(await adminToken(baseUrl));
  if (reply.status === 401) reply = await send(await adminToken(baseUrl, true));
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
  return (reply.status === 204 ? undefined : await reply.json()) as T;
}

/** POSTs as the team admin, for the tests that make many. */
export async function adminApi(baseUrl: string) {
  await adminToken(baseUrl);
  return <T>(url: string, body: object) => callAdminApi<T>(baseUrl, 'POST', url, body);
}

/** Calls as the team admin with any method, the server given once. */
export function adminRequest(baseUrl: string) {
  return <T>(method: string, path: string, body?: object) => callAdminApi<T>(baseUrl, method, path, body);
}
