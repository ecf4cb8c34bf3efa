import type { MailMessage } from '../mail/mailer.ts';

interface InvitationMail {
  to: string;
  language: string;
  teamTitle: string;
  issueTitle: string;
  link: string;
  isReminder: boolean;
}

/** The invitation or reminder in the judge's language (French or English). */
export function composeInvitation(mail: InvitationMail): MailMessage {
  const { to, teamTitle, issueTitle, link, isReminder } = mail;
  if (mail.language === 'fr') {
    return {
      to,
      subject: `${isReminder ? 'Rappel' : 'Invitation'} : ${issueTitle}`,
      text:
        `Bonjour,\n\n${isReminder ? 'Pour rappel, ' : ''}${teamTitle} vous invite à évaluer la sélection « ${issueTitle} ».\n` +
        `Ouvrez votre lien personnel pour donner vos réponses :\n${link}\n\n` +
        'Ce lien est personnel : ne le partagez pas.\n',
    };
  }
  return {
    to,
    subject: `${isReminder ? 'Reminder' : 'Invitation'}: ${issueTitle}`,
    text:
      `Hello,\n\n${isReminder ? 'A reminder: ' : ''}${teamTitle} invites you to evaluate the selection "${issueTitle}".\n` +
      `Open your personal link to give your answers:\n${link}\n\n` +
      'This link is yours alone: please do not share it.\n',
  };
}
