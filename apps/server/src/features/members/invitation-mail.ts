import type { Language } from '@shortlist/contract';
import type { MailMessage } from '../mail/mailer.ts';

/** How the invited person gets in: the organisation's sign-in, their password, or a password to choose. */
export type InvitationAccess = 'sso' | 'password' | 'newPassword';

interface MemberInvitation {
  to: string;
  /** The invited person's language if they have an account, else the inviting admin's. */
  language: Language;
  teamTitle: string;
  link: string;
  access: InvitationAccess;
}

const WORDING = {
  en: {
    subject: (team: string) => `You are invited to ${team} on Shortlist`,
    invited: (team: string) => `Hello,\n\nYou are invited to become an admin of the workspace "${team}".`,
    how: {
      sso: `Sign in with your organisation's account ("Sign in with …"), then accept or refuse:`,
      password: 'Sign in to accept or refuse:',
      newPassword: 'Choose your password, then accept or refuse:',
    },
    validity: 'This link is valid for 7 days.',
  },
  fr: {
    subject: (team: string) => `Invitation à rejoindre ${team} sur Shortlist`,
    invited: (team: string) => `Bonjour,\n\nOn vous invite à administrer l’espace de travail « ${team} ».`,
    how: {
      sso: 'Connectez-vous avec le compte de votre organisation (« Se connecter avec … »), puis acceptez ou refusez :',
      password: 'Connectez-vous pour accepter ou refuser :',
      newPassword: 'Choisissez votre mot de passe, puis acceptez ou refusez :',
    },
    validity: 'Ce lien est valable 7 jours.',
  },
} as const;

/** An invitation to become an admin of a team, in French or English, as text. */
export function composeMemberInvitation({
  to,
  language,
  teamTitle,
  link,
  access,
}: MemberInvitation): MailMessage {
  const words = WORDING[language];
  return {
    to,
    subject: words.subject(teamTitle),
    text:
      `${words.invited(teamTitle)} ${words.how[access]}\n${link}\n` +
      (access === 'newPassword' ? `\n${words.validity}` : ''),
  };
}
