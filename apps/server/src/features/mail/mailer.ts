import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `SMTP_URL` is set; otherwise the built-in outbox, so that links work in a demo. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values({ ...message, html: message.html ?? null });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, links }, 'mail kept in the outbox');
    },
  };
}
