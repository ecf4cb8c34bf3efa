import { addNamespace } from '../../lib/i18n/add-resources';

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
  /** Under the decision, on the page that opens the response (issue 56, point 5). */
  afterDecision: {
    accepted: 'If a detail has changed since, you can still correct your responses until {{date}}.',
    waitlisted: 'While you are on the waiting list, you can still update your responses until {{date}}.',
    declined: 'Your responses are shown below as you sent them; they can no longer be changed.',
  },
  editLinkMailed: 'We also sent this link to you by e-mail.',
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
  afterDecision: {
    accepted: 'Si un élément a changé depuis, vous pouvez encore corriger vos réponses jusqu’au {{date}}.',
    waitlisted:
      'Tant que vous êtes sur liste d’attente, vous pouvez encore mettre à jour vos réponses jusqu’au {{date}}.',
    declined:
      'Vos réponses sont affichées ci-dessous telles que vous les avez envoyées ; elles ne peuvent plus être modifiées.',
  },
  editLinkMailed: 'Nous vous avons aussi envoyé ce lien par e-mail.',
};

export const submissionStatusResources = addNamespace('submissionStatus', { en, fr });
