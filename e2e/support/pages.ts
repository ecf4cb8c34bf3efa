import type { Page } from 'playwright-core';

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, path = '/login') {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Username or e-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/** The first link in the newest outbox message sent to `to`, read through the superuser's API. */
export async function lastLinkSentTo(
  baseUrl: string,
  superuser: { email: string; password: string },
  to: string,
) {
  const tokens = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: superuser.email, password: superuser.password }),
  }).then((reply) => reply.json() as Promise<{ access: string }>);
  const outbox = await fetch(`${baseUrl}/api/v1/outbox/?limit=100`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  }).then((reply) => reply.json() as Promise<{ results: { to: string; text: string }[] }>);
  const message = outbox.results.find((m) => m.to === to);
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no message with a link to ${to}`);
  return link;
}
