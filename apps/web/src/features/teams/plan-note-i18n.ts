import { addNamespace } from '../../lib/i18n/add-resources';

/**
 * Why a workspace's plan lacks budget questions or mass e-mails, and what to do (namespace 'planNote'; issue
 * 56, point 9), added with the dashboard's plan card: the shell every page loads stays as it was.
 */
export const en = {
  missing:
    'A new workspace starts without budget questions and mass e-mails: the site’s administrators switch them on, workspace by workspace. To have them, ask them with the “Contact us” button.',
};

export const fr: typeof en = {
  missing:
    'Un nouvel espace de travail démarre sans questions de budget ni e-mails groupés : les administrateurs du site les activent, espace par espace. Pour en disposer, demandez-le-leur avec le bouton « Nous contacter ».',
};

export const planNoteResources = addNamespace('planNote', { en, fr });
