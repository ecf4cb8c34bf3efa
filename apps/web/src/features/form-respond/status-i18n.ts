import { addNamespace } from '../../app/i18n/add-resources';

/** What the edit link shows of a response (namespace 'submissionStatus'), added when that part loads. */
export const en = {
  submitted: 'Your response was submitted on {{date}}.',
  draft: 'Your response is saved as a draft: it is not submitted yet.',
  decision: {
    accepted: 'Decision: your application is accepted.',
    waitlisted: 'Decision: your application is on the waiting list.',
    declined: 'Decision: your application was not selected.',
  },
  decisionTime: 'sent on {{date}}',
};

export const fr: typeof en = {
  submitted: 'Votre réponse a été envoyée le {{date}}.',
  draft: 'Votre réponse est enregistrée comme brouillon : elle n’est pas encore envoyée.',
  decision: {
    accepted: 'Décision : votre candidature est acceptée.',
    waitlisted: 'Décision : votre candidature est sur liste d’attente.',
    declined: 'Décision : votre candidature n’a pas été retenue.',
  },
  decisionTime: 'envoyée le {{date}}',
};

export const submissionStatusResources = addNamespace('submissionStatus', { en, fr });
