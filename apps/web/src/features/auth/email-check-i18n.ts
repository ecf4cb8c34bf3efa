import { addNamespace } from '../../lib/i18n/add-resources';

/**
 * What each e-mail check badge means, in its tooltip (namespace 'emailCheck'; issue 56, point 9), added with
 * the badge: the badge's own words stay the shell's.
 */
export const en = {
  pro: 'Pending: an e-mail with a link is about to be sent to this address. Once that link is opened, the address reads Verified.',
  pen: 'Pending: an e-mail with a link was sent to this address and the link has not been opened yet. Once it is, the address reads Verified.',
  ver: 'Verified: the link sent to this address was opened, so the person reads its mail.',
  inv: 'Invalid: the mail server refused this address for good. Correct it or ask the person for another one.',
};

export const fr: typeof en = {
  pro: 'En attente : un e-mail contenant un lien va partir vers cette adresse. Une fois ce lien ouvert, l’adresse passe à Vérifié.',
  pen: 'En attente : un e-mail contenant un lien a été envoyé à cette adresse, et le lien n’a pas encore été ouvert. Une fois qu’il l’est, l’adresse passe à Vérifié.',
  ver: 'Vérifié : le lien envoyé à cette adresse a été ouvert ; la personne en lit donc le courrier.',
  inv: 'Invalide : le serveur de messagerie a refusé cette adresse définitivement. Corrigez-la ou demandez-en une autre à la personne.',
};

export const emailCheckResources = addNamespace('emailCheck', { en, fr });
