import { ADMIN } from './server.ts';

/** POSTs as the team admin, to build test data quickly where its screens are tested elsewhere. */
export async function adminApi(baseUrl: string) {
  const { access } = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  }).then((reply) => reply.json() as Promise<{ access: string }>);
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
