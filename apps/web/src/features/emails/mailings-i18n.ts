/**
 * Texts of a mailing's audience, schedule, re-send, decisions and language variant (issue 32), in the
 * namespace 'mailings': added by the dialogs and pages that show them, not with every admin page.
 */
export const en = {
  template: {
    previewIssue: 'Selection for rank and feedback',
    previewVariant: 'Preview in {{language}}',
    language: 'Language of this text',
    languageHelp: 'Items whose form is in the other language get the variant below, when it is written.',
    languages: { en: 'English', fr: 'French' },
    variant: 'Variant in {{language}}',
    variantHelp: 'Subject and body for the items whose form is in this language. Leave both empty for none.',
  },
  batch: {
    sendsDecisions: 'Send the decisions',
    sendsDecisionsHelp:
      'Each e-mail tells its item’s pending decision ({{decision}}), which is marked sent when the e-mail leaves.',
    issue: 'Selection',
    issueHelp: 'Where {{rank}}, {{round}} and the judges’ feedback come from.',
  },
  send: {
    later: 'Send at',
    laterHelp: 'Empty: now. Times are in your browser’s time zone ({{zone}}).',
    schedule_one: 'Schedule {{count}} e-mail',
    schedule_other: 'Schedule {{count}} e-mails',
    scheduleConfirm: 'Send on {{time}}? You can cancel until then.',
    scheduledFor: 'Scheduled: it will be sent on {{time}} ({{zone}}).',
    cancelSchedule: 'Cancel the schedule',
    resend_one: 'Send the {{count}} failed e-mail again',
    resend_other: 'Send the {{count}} failed e-mails again',
  },
  audience: {
    button: 'Add recipients',
    title: 'Add recipients',
    intro: 'The items that match every filter chosen.',
    form: 'Answers of the form',
    issue: 'Items of the selection',
    round: 'Round',
    decision: 'Decision',
    pending: 'Only decisions not yet sent',
    tag: 'Tag',
    count: '{{items}} item(s), {{emails}} with an e-mail address.',
    add: 'Add',
    added_one: '{{count}} e-mail added.',
    added_other: '{{count}} e-mails added.',
    decisions: { accepted: 'Accepted', waitlisted: 'Waitlisted', declined: 'Declined' },
  },
};

export const fr: typeof en = {
  template: {
    previewIssue: 'Sélection pour le rang et les retours',
    previewVariant: 'Aperçu en {{language}}',
    language: 'Langue de ce texte',
    languageHelp:
      'Les éléments dont le formulaire est dans l’autre langue reçoivent la variante ci-dessous, si elle est rédigée.',
    languages: { en: 'anglais', fr: 'français' },
    variant: 'Variante en {{language}}',
    variantHelp:
      'Objet et corps pour les éléments dont le formulaire est dans cette langue. Laissez les deux vides pour aucune.',
  },
  batch: {
    sendsDecisions: 'Envoyer les décisions',
    sendsDecisionsHelp:
      'Chaque e-mail annonce la décision en attente de son élément ({{decision}}), marquée envoyée quand l’e-mail part.',
    issue: 'Sélection',
    issueHelp: 'D’où viennent {{rank}}, {{round}} et les retours des jurés.',
  },
  send: {
    later: 'Envoyer le',
    laterHelp: 'Vide : maintenant. Heures dans le fuseau de votre navigateur ({{zone}}).',
    schedule_one: 'Programmer {{count}} e-mail',
    schedule_other: 'Programmer {{count}} e-mails',
    scheduleConfirm: 'Envoyer le {{time}} ? Vous pourrez annuler d’ici là.',
    scheduledFor: 'Programmé : il partira le {{time}} ({{zone}}).',
    cancelSchedule: 'Annuler la programmation',
    resend_one: 'Renvoyer l’e-mail en échec ({{count}})',
    resend_other: 'Renvoyer les {{count}} e-mails en échec',
  },
  audience: {
    button: 'Ajouter des destinataires',
    title: 'Ajouter des destinataires',
    intro: 'Les éléments qui répondent à tous les filtres choisis.',
    form: 'Réponses du formulaire',
    issue: 'Éléments de la sélection',
    round: 'Tour',
    decision: 'Décision',
    pending: 'Seulement les décisions pas encore envoyées',
    tag: 'Étiquette',
    count: '{{items}} élément(s), dont {{emails}} avec une adresse e-mail.',
    add: 'Ajouter',
    added_one: '{{count}} e-mail ajouté.',
    added_other: '{{count}} e-mails ajoutés.',
    decisions: { accepted: 'Acceptée', waitlisted: 'Sur liste d’attente', declined: 'Refusée' },
  },
};
