import { callAdminApi } from './admin-api.ts';

/** A message the app kept in its outbox (no SMTP server in the e2e runs), as the superuser's API gives it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The outbox's newest 100 messages, newest first. */
export async function readOutbox(baseUrl: string): Promise<OutboxMail[]> {
  return (await callAdminApi<{ results: OutboxMail[] }>(baseUrl, 'GET', 'outbox/?limit=100')).results;
}

/** The newest message to `to` (with this subject, if given), polled while the mail worker sends it. */
export async function waitForMailTo(baseUrl: string, to: string, subject?: string): Promise<OutboxMail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const message = (await readOutbox(baseUrl)).find(
      (mail) => mail.to === to && (subject === undefined || mail.subject === subject),
    );
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${to}`);
}

/** The first link in the newest message to `to`. */
export async function lastLinkSentTo(baseUrl: string, to: string): Promise<string> {
  const link = (await waitForMailTo(baseUrl, to)).text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return link;
}
