import type { MailMessage } from '../mail/mailer.ts';

/** How the invited person gets in: the organisation's sign-in, their password, or a password to choose. */
export type InvitationAccess = 'sso' | 'password' | 'newPassword';

interface MemberInvitation {
  to: string;
  /** The invited person's language if they have an account, else the inviting admin's. */
  language: string;
  teamTitle: string;
  link: string;
  access: InvitationAccess;
}

/** An invitation to become an admin of a team, in French or English, as text. */
export function composeMemberInvitation({
  to,
  language,
  teamTitle,
  link,
  access,
}: MemberInvitation): MailMessage {
  if (language === 'fr') {
    const how = {
      sso: 'Connectez-vous avec le compte de votre organisation (« Se connecter avec … »), puis acceptez ou refusez :',
      password: 'Connectez-vous pour accepter ou refuser :',
      newPassword: 'Choisissez votre mot de passe, puis acceptez ou refusez :',
    }[access];
    return {
      to,
      subject: `Invitation à rejoindre ${teamTitle} sur Shortlist`,
      text:
        `Bonjour,\n\nOn vous invite à administrer l'espace de travail « ${teamTitle} ». ${how}\n${link}\n` +
        (access === 'newPassword' ? '\nCe lien est valable 7 jours.' : ''),
    };
  }
  const how = {
    sso: `Sign in with your organisation's account ("Sign in with …"), then accept or refuse:`,
    password: 'Sign in to accept or refuse:',
    newPassword: 'Choose your password, then accept or refuse:',
  }[access];
  return {
    to,
    subject: `You are invited to ${teamTitle} on Shortlist`,
    text:
      `Hello,\n\nYou are invited to become an admin of the workspace "${teamTitle}". ${how}\n${link}\n` +
      (access === 'newPassword' ? '\nThis link is valid for 7 days.' : ''),
  };
}
