import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

/** Whose data a mail carries, kept with it so that an erasure finds its copies (docs/privacy.md). */
export interface MailCarries {
  teamId: number;
  /** The items whose answers or titles it quotes. */
  itemIds?: number[];
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as List-Unsubscribe on mass e-mail. */
  headers?: Record<string, string>;
  carries?: MailCarries;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Closes pooled SMTP connections. */
  close(): void;
}

/**
 * Bounds on one SMTP exchange. The queue's claim on a message is renewed for as long as its send lasts
 * (see mail/queue.ts), so a slow server never makes another process send it again.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** Connections kept open to the SMTP server: the queue sends this many messages at once. */
export const SMTP_MAX_CONNECTIONS = 5;

/** An SMTP reply of class 5: the server will never take this message for this address. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Why a mail did not go, in a sentence its reader's language can take; the server's or system's words after it. */
export const mailServerAnsweredMessage = (reply: string) => `The mail server answered: ${reply}`;
export const mailServerUnreachableMessage = (reason: string) =>
  `The mail server could not be reached: ${reason}`;

/** What an admin or operator needs to read of a failure: the SMTP reply when there was one. */
export function failureText(error: unknown): string {
  const reply = (error as { response?: unknown } | null)?.response;
  if (typeof reply === 'string') return mailServerAnsweredMessage(reply.slice(0, 1000));
  return mailServerUnreachableMessage(
    (error instanceof Error ? error.message : String(error)).slice(0, 1000),
  );
}

/** The columns of `mail_queue` and `outbox_messages` that keep whose data a mail carries. */
export const carriedColumns = (carries: MailCarries | undefined) => ({
  teamId: carries?.teamId ?? null,
  itemIds: carries?.itemIds ?? null,
});

/** SMTP when `SMTP_URL` is set; otherwise the built-in outbox, so that links work in a demo. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: SMTP_MAX_CONNECTIONS,
      ...SMTP_TIMEOUTS_MS,
    });
    return {
      kind: 'smtp',
      async send({ carries: _carries, ...message }) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send({ headers: _headers, carries, ...message }) {
      const [kept] = await db
        .insert(outboxMessages)
        .values({ ...message, html: message.html ?? null, ...carriedColumns(carries) })
        .returning({ id: outboxMessages.id });
      // The row's id alone: a recipient, a subject quoting an item, a link's token would outlive an erasure
      // in the log (docs/privacy.md). Superusers read the mail on the Outbox page.
      log.info({ outbox_message: kept?.id }, 'mail kept in the outbox');
    },
    close() {},
  };
}
