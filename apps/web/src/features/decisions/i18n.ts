/** Texts of the decisions (answers back to applicants), in the i18next namespace 'decisions'. */
export const en = {
  button: 'Decisions',
  bulkButton: 'Set a decision',
  title: 'Decisions',
  intro:
    'A decision stays pending until a decisions mailing sends it: applicants see nothing before. Send them from Emails, with the audience “decision not yet sent”.',
  decision: 'Decision',
  values: {
    accepted: 'Accepted',
    waitlisted: 'Waitlisted',
    declined: 'Declined',
    none: 'No decision (withdraw)',
  },
  scope: 'For',
  top: 'The first items of the report',
  topCount: 'How many',
  ticked_one: 'The {{count}} ticked item',
  ticked_other: 'The {{count}} ticked items',
  apply: 'Set',
  done_one: '{{count}} decision changed, pending until sent.',
  done_other: '{{count}} decisions changed, pending until sent.',
  failed: 'The decisions could not be set.',
  summary:
    'In this selection: {{accepted}} accepted, {{waitlisted}} waitlisted, {{declined}} declined; {{pending}} not yet sent.',
};

export const fr: typeof en = {
  button: 'Décisions',
  bulkButton: 'Fixer une décision',
  title: 'Décisions',
  intro:
    'Une décision reste en attente jusqu’à ce qu’un envoi de décisions l’expédie : les candidats ne voient rien avant. Envoyez-les depuis E-mails, avec le public « décision pas encore envoyée ».',
  decision: 'Décision',
  values: {
    accepted: 'Acceptée',
    waitlisted: 'Sur liste d’attente',
    declined: 'Refusée',
    none: 'Aucune décision (retirer)',
  },
  scope: 'Pour',
  top: 'Les premiers éléments du rapport',
  topCount: 'Combien',
  ticked_one: 'L’élément coché ({{count}})',
  ticked_other: 'Les {{count}} éléments cochés',
  apply: 'Fixer',
  done_one: '{{count}} décision modifiée, en attente d’envoi.',
  done_other: '{{count}} décisions modifiées, en attente d’envoi.',
  failed: 'Les décisions n’ont pas pu être fixées.',
  summary:
    'Dans cette sélection : {{accepted}} acceptée(s), {{waitlisted}} sur liste d’attente, {{declined}} refusée(s) ; {{pending}} pas encore envoyée(s).',
};
