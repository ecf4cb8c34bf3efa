import { formatDeadline } from '@shortlist/contract';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../submissions/recap.ts';

interface InvitationMail {
  to: string;
  language: string;
  teamTitle: string;
  issueTitle: string;
  link: string;
  isReminder: boolean;
  /** The admin's personal message, put above the link as written (escaped in the HTML part). */
  message?: string;
  /** The selection's deadline, named under the invitation (in UTC, which the mail says). */
  deadline?: Date | null;
}

interface Wording {
  subject: string;
  greeting: string;
  invites: string;
  messageIntro: string;
  open: string;
  openButton: string;
  personal: string;
  deadline: string;
}

function wordingOf({ language, teamTitle, issueTitle, isReminder, deadline }: InvitationMail): Wording {
  // As the answer page writes it (the contract's one format), in UTC: a mail does not know the judge's zone.
  const due = deadline ? formatDeadline(deadline, language === 'fr' ? 'fr' : 'en', 'UTC') : '';
  if (language === 'fr')
    return {
      subject: `${isReminder ? 'Rappel' : 'Invitation'} : ${issueTitle}`,
      greeting: 'Bonjour,',
      invites: `${isReminder ? 'Pour rappel, ' : ''}${teamTitle} vous invite à évaluer la sélection « ${issueTitle} ».`,
      messageIntro: `Message de ${teamTitle} :`,
      open: 'Ouvrez votre lien personnel pour donner vos réponses :',
      openButton: 'Ouvrir mon lien personnel',
      personal: 'Ce lien est personnel : ne le partagez pas.',
      deadline: due ? `Date limite : ${due}.` : '',
    };
  return {
    subject: `${isReminder ? 'Reminder' : 'Invitation'}: ${issueTitle}`,
    greeting: 'Hello,',
    invites: `${isReminder ? 'A reminder: ' : ''}${teamTitle} invites you to evaluate the selection "${issueTitle}".`,
    messageIntro: `A message from ${teamTitle}:`,
    open: 'Open your personal link to give your answers:',
    openButton: 'Open my personal link',
    personal: 'This link is yours alone: please do not share it.',
    deadline: due ? `Deadline: ${due}.` : '',
  };
}

/** The invitation or reminder in the judge's language (French or English), as text and as HTML. */
export function composeInvitation(mail: InvitationMail): MailMessage {
  const words = wordingOf(mail);
  const message = mail.message?.trim() ?? '';
  const quoted = message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text =
    `${words.greeting}\n\n${words.invites}\n\n` +
    (message ? `${words.messageIntro}\n${quoted}\n\n` : '') +
    `${words.open}\n${mail.link}\n\n` +
    (words.deadline ? `${words.deadline}\n\n` : '') +
    `${words.personal}\n`;
  const html =
    `<p>${escapeHtml(words.greeting)}</p><p>${escapeHtml(words.invites)}</p>` +
    (message
      ? `<p>${escapeHtml(words.messageIntro)}</p><blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(message).replaceAll('\n', '<br>')}</blockquote>`
      : '') +
    `<p>${escapeHtml(words.open)}<br><a href="${escapeHtml(mail.link)}">${escapeHtml(words.openButton)}</a></p>` +
    (words.deadline ? `<p><strong>${escapeHtml(words.deadline)}</strong></p>` : '') +
    `<p style="color:#666">${escapeHtml(words.personal)}</p>`;
  return { to: mail.to, subject: words.subject, text, html };
}
