import { type BiddingRemindResult, formatDeadline } from '@shortlist/contract';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAccesses, issueBids, users } from '../../db/schema/index.ts';
import { teamTitleOf } from '../judges/invitations.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../submissions/recap.ts';
import { loadSettings } from './affinity-matrix.ts';

interface ReminderMail {
  to: string;
  language: string;
  teamTitle: string;
  issueTitle: string;
  link: string;
  deadline: Date | null;
}

/** The bidding reminder in the judge's language, as text and HTML (the invitation's layout). */
export function composeBiddingReminder(mail: ReminderMail): MailMessage {
  const french = mail.language === 'fr';
  const due = mail.deadline ? formatDeadline(mail.deadline, french ? 'fr' : 'en', 'UTC') : '';
  const words = french
    ? {
        subject: `Vos domaines et vos préférences : ${mail.issueTitle}`,
        greeting: 'Bonjour,',
        asks: `${mail.teamTitle} va répartir les éléments de la sélection « ${mail.issueTitle} » entre les juges selon leurs domaines. Décrivez les vôtres et dites quels éléments vous tentent, ou non, pour recevoir ceux que vous connaissez le mieux.`,
        open: 'Ouvrez votre lien personnel :',
        button: 'Décrire mes domaines et mes préférences',
        deadline: due ? `Avant le ${due}.` : '',
        personal: 'Ce lien est personnel : ne le partagez pas.',
      }
    : {
        subject: `Your fields and preferences: ${mail.issueTitle}`,
        greeting: 'Hello,',
        asks: `${mail.teamTitle} will share the items of the selection "${mail.issueTitle}" among its judges by what they know. State your fields and say which items you are eager, willing or not willing to judge, so that you get the ones you know best.`,
        open: 'Open your personal link:',
        button: 'State my fields and preferences',
        deadline: due ? `Before ${due}.` : '',
        personal: 'This link is yours alone: please do not share it.',
      };
  const text =
    `${words.greeting}\n\n${words.asks}\n\n${words.open}\n${mail.link}\n\n` +
    (words.deadline ? `${words.deadline}\n\n` : '') +
    `${words.personal}\n`;
  const html =
    `<p>${escapeHtml(words.greeting)}</p><p>${escapeHtml(words.asks)}</p>` +
    `<p>${escapeHtml(words.open)}<br><a href="${escapeHtml(mail.link)}">${escapeHtml(words.button)}</a></p>` +
    (words.deadline ? `<p><strong>${escapeHtml(words.deadline)}</strong></p>` : '') +
    `<p style="color:#666">${escapeHtml(words.personal)}</p>`;
  return { to: mail.to, subject: words.subject, text, html };
}

/** The judge's bidding page (`/selection/{id}/bids`) through their personal link. */
function bidsLink(ctx: AppContext, issueId: number, token: string): string {
  const url = new URL(`/selection/${issueId}/bids`, ctx.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * POST issues/{id}/bidding/remind/: mails the judges named, or by default those who have not bid yet, a
 * link to their bidding page with the deadline, each in their language. A mail the server refuses counts
 * as failed; the others go on.
 */
export async function remindBidding(
  ctx: AppContext,
  issue: IssueRow,
  input: { users?: number[] | undefined },
): Promise<BiddingRemindResult> {
  const [judges, settings, teamTitle] = await Promise.all([
    ctx.db
      .select({ token: issueAccesses.token, email: users.email, language: users.language })
      .from(issueAccesses)
      .innerJoin(users, eq(users.id, issueAccesses.userId))
      .where(
        and(
          eq(issueAccesses.issueId, issue.id),
          input.users?.length
            ? inArray(issueAccesses.userId, input.users)
            : notExists(
                ctx.db
                  .select({ id: issueBids.accessId })
                  .from(issueBids)
                  .where(eq(issueBids.accessId, issueAccesses.id)),
              ),
        ),
      ),
    loadSettings(ctx, issue.id),
    teamTitleOf(ctx, issue),
  ]);
  let sent = 0;
  let failed = 0;
  for (const judge of judges) {
    try {
      await ctx.mailer.send({
        ...composeBiddingReminder({
          to: judge.email,
          language: judge.language,
          teamTitle,
          issueTitle: issue.title,
          link: bidsLink(ctx, issue.id, judge.token),
          deadline: settings.biddingDeadline,
        }),
        carries: { teamId: issue.teamId },
      });
      sent++;
    } catch {
      failed++;
    }
  }
  return { sent, failed };
}
