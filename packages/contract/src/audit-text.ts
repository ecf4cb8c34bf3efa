import type {
  AuditAction,
  AuditActorKind,
  AuditChanges,
  AuditField,
  AuditObjectType,
  AuditRefs,
} from './audit.ts';
import type { Language } from './common.ts';
import { ISSUE_RESOURCETYPE_NAMES } from './selections.ts';
import { WEBHOOK_EVENT_NAMES, type WebhookEvent } from './webhooks.ts';

// How an audit entry reads: the one rendering of its words and its changes, for the log's page (web
// features/audit) and its exports, in both languages.

interface AuditWords {
  actorKind: Record<AuditActorKind, string>;
  objectType: Record<AuditObjectType, string>;
  action: Record<AuditAction, string>;
  /** Every field a change may have: a field without a name fails the build. */
  field: Record<AuditField, string>;
  /** The codes the log writes for a value, in words; a code not listed shows as written. */
  value: Record<string, string>;
  answerOf: string;
  wholeItem: string;
  commentOf: string;
  moreValues: (count: number) => string;
}

const en = {
  actorKind: {
    user: 'A team member',
    judge: 'A judge',
    respondent: 'A respondent',
    system: 'Shortlist',
  },
  objectType: {
    team: 'Workspace',
    member: 'Member',
    selection: 'Selection',
    item: 'Item',
    merge: 'Merge',
    mailing: 'Mailing',
    form: 'Form',
    webhook: 'Webhook',
    item_type: 'Item type',
    audit_log: 'Audit log',
    person: 'Personal data',
  },
  action: {
    'team.created': 'Workspace created',
    'team.updated': 'Workspace settings changed',
    'member.invited': 'Member invited',
    'member.accepted': 'Invitation accepted',
    'member.refused': 'Invitation refused',
    'member.removed': 'Member removed',
    'selection.created': 'Selection created',
    'selection.updated': 'Selection settings changed',
    'selection.deleted': 'Selection deleted',
    'selection.closed': 'Selection closed',
    'selection.items_added': 'Items added to the selection',
    'selection.items_removed': 'Items removed from the selection',
    'selection.items_promoted': 'Items promoted into the selection',
    'criterion.created': 'Criterion added',
    'criterion.updated': 'Criterion changed',
    'criterion.deleted': 'Criterion deleted',
    'judge.added': 'Judge given access',
    'judge.removed': 'Judge’s access removed',
    'judge.items_changed': 'Judge’s items changed',
    'judge.invited': 'Judge invited',
    'access.assigned': 'Items assigned to judges',
    'answers.submitted': 'Answers submitted',
    'answers.edited': 'Answers edited',
    'conflict.declared': 'Conflict of interest declared',
    'conflict.removed': 'Conflict of interest removed',
    'export.report': 'Report exported',
    'review.changed': 'Decision changed',
    'export.items': 'Items exported',
    'merge.created': 'Merge created',
    'merge.updated': 'Merge changed',
    'merge.deleted': 'Merge deleted',
    'export.merge': 'Merge exported',
    'mailing.sent': 'Mailing sent',
    'mailing.scheduled': 'Mailing scheduled',
    'mailing.unscheduled': 'Mailing schedule cancelled',
    'mailing.resent': 'Failed e-mails sent again',
    'decision.set': 'Decision set',
    'decision.sent': 'Decision sent',
    'form.created': 'Form created',
    'form.updated': 'Form changed',
    'form.deleted': 'Form deleted',
    'webhook.created': 'Webhook added',
    'webhook.updated': 'Webhook changed',
    'webhook.deleted': 'Webhook deleted',
    'export.item_type': 'Item type exported',
    'export.audit_log': 'Audit log exported',
    'personal_data.exported': 'Personal data exported',
    'personal_data.erased': 'Personal data erased',
  },
  field: {
    title: 'Title',
    weight: 'Weight',
    weights: 'Weights',
    status: 'Status',
    criterion: 'Criterion',
    judge: 'Judge',
    judges: 'Judges',
    from_judge: 'From judge',
    user: 'Person',
    item: 'Item',
    items: 'Items',
    items_added: 'Items added',
    items_removed: 'Items removed',
    source: 'Source',
    selector: 'Chosen by',
    already: 'Already there',
    items_erased: 'Items erased',
    answers: 'Answers',
    comments: 'Comments',
    files: 'Files',
    emails: 'E-mails',
    selection: 'Selection',
    mode: 'Mode',
    format: 'Format',
    search: 'Search',
    role: 'Role',
    max_rating: 'Highest rating',
    min_rating: 'Lowest rating',
    description: 'Description',
    deadline: 'Deadline',
    access_all_items: 'Access to every item',
    judges_per_item: 'Judges per item',
    // A selection's settings, as its dialog names them.
    data_model_id: 'Item type',
    resourcetype: 'Type',
    public: 'Public selection',
    email_required: 'Require an e-mail address',
    email_link: 'Send the answer link by e-mail',
    captcha: 'Ask for a captcha',
    judges_can_load_dataset_details: 'Judges can see the items’ details',
    random_order: 'Show items in random order',
    hide_comments_until_submitted: 'Hide other judges’ comments until a judge submits',
    hidden_fields: 'Questions hidden from judges',
    hide_respondent: 'Hide who sent it',
    hide_judge_names: 'Hide judges’ names from each other',
    share_feedback: 'Share the feedback with applicants',
    keep_open_after_deadline: 'Keep the selection open after the deadline',
    reminder_days_before: 'Automatic reminder (days before the deadline)',
    comments_mode: 'Comments mode',
    item_label_singular_en: 'Items are called (one)',
    item_label_plural_en: 'Items are called (several)',
    step: 'Step',
    nb_tokens: 'Tokens per judge',
    max_per_item: 'Maximum tokens per item',
    min_items: 'Minimum items to pick',
    max_items: 'Maximum items to pick',
    nb_ranked: 'Items each judge ranks',
    shortlist_size: 'Shortlist size',
    round: 'Round',
    // A form's settings.
    published: 'Published',
    language_code: 'Language',
    page_header_id: 'Page header',
    css_theme_id: 'Theme',
    allow_partial_save: 'Allow partial save',
    title_field: 'Question giving the title',
    after_submit_message: 'Message shown after the answers are sent',
    edit_until: 'Changes after submission until',
    respondent_email_active: 'E-mail to the respondent',
    respondent_email_include_recap: 'With a copy of the answers',
    respondent_email_subject: 'Its subject',
    respondent_email_content: 'Its text',
    respondent_email_html_content: 'Its HTML',
    // The workspace's, a webhook's, a mailing's and a decision's.
    team_image: 'Logo',
    custom_header: 'Custom header',
    package: 'Plan',
    sso_only: 'Sign-in through single sign-on only',
    url: 'Address',
    events: 'Events',
    active: 'Active',
    scheduled_time: 'Scheduled for',
    template: 'Template',
    mailing: 'Mailing',
    decision: 'Decision',
    invitations: 'Invitations',
    pairs_added: 'Pairs added',
    pairs_removed: 'Pairs removed',
    by: 'Assigned by',
    results: 'Results',
    more: 'More values',
    // An export's filters.
    ordering: 'Order',
    data_model: 'Item type',
    issue: 'Selection',
    reviews__status: 'Review status',
    tag: 'Tag',
    form: 'Form',
    criteria: 'Criteria',
    only_verified_emails: 'Verified e-mails only',
    tags: 'Tags',
    normalised: 'Normalised',
    per_criterion: 'Per criterion',
    include_dataset: 'With the items’ answers',
    k: 'Top k',
    actor: 'By',
    actor_kind: 'Kind of author',
    action: 'Action',
    object_type: 'About',
    object_id: 'Object id',
    since: 'From',
    until: 'To',
    ranked: 'Ranked ballot',
    pairwise: 'Pairwise',
  },
  value: {
    yes: 'Yes',
    no: 'No',
    open: 'Open',
    closed: 'Closed',
    archived: 'Archived',
    draft: 'Draft',
    scheduled: 'Scheduled',
    sending: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    pending: 'Pending',
    accepted: 'Accepted',
    refused: 'Refused',
    waitlisted: 'Waitlisted',
    declined: 'Declined',
    DATASET: 'One comment per item',
    QUESTION: 'One comment per criterion',
    ...ISSUE_RESOURCETYPE_NAMES.en,
    en: 'English',
    fr: 'French',
  },
  answerOf: '{{item}} — {{criterion}}',
  wholeItem: 'overall',
  commentOf: 'Comment on {{item}}',
  moreValues: (count: number) => `${count} more ${count === 1 ? 'value' : 'values'} not listed`,
} satisfies AuditWords;

const fr: typeof en = {
  actorKind: {
    user: 'Un membre de l’équipe',
    judge: 'Un juge',
    respondent: 'Un répondant',
    system: 'Shortlist',
  },
  objectType: {
    team: 'Espace de travail',
    member: 'Membre',
    selection: 'Sélection',
    item: 'Élément',
    merge: 'Fusion',
    mailing: 'Envoi groupé',
    form: 'Formulaire',
    webhook: 'Webhook',
    item_type: 'Type d’élément',
    audit_log: 'Journal d’audit',
    person: 'Données personnelles',
  },
  action: {
    'team.created': 'Espace de travail créé',
    'team.updated': 'Réglages de l’espace de travail modifiés',
    'member.invited': 'Membre invité',
    'member.accepted': 'Invitation acceptée',
    'member.refused': 'Invitation refusée',
    'member.removed': 'Membre retiré',
    'selection.created': 'Sélection créée',
    'selection.updated': 'Réglages de la sélection modifiés',
    'selection.deleted': 'Sélection supprimée',
    'selection.closed': 'Sélection fermée',
    'selection.items_added': 'Éléments ajoutés à la sélection',
    'selection.items_removed': 'Éléments retirés de la sélection',
    'selection.items_promoted': 'Éléments promus dans la sélection',
    'criterion.created': 'Critère ajouté',
    'criterion.updated': 'Critère modifié',
    'criterion.deleted': 'Critère supprimé',
    'judge.added': 'Accès donné à un juge',
    'judge.removed': 'Accès d’un juge retiré',
    'judge.items_changed': 'Éléments d’un juge modifiés',
    'judge.invited': 'Juge invité',
    'access.assigned': 'Éléments répartis entre les juges',
    'answers.submitted': 'Réponses envoyées',
    'answers.edited': 'Réponses modifiées',
    'conflict.declared': 'Conflit d’intérêts déclaré',
    'conflict.removed': 'Conflit d’intérêts retiré',
    'export.report': 'Rapport exporté',
    'review.changed': 'Décision modifiée',
    'export.items': 'Éléments exportés',
    'merge.created': 'Fusion créée',
    'merge.updated': 'Fusion modifiée',
    'merge.deleted': 'Fusion supprimée',
    'export.merge': 'Fusion exportée',
    'mailing.sent': 'Envoi groupé expédié',
    'mailing.scheduled': 'Envoi groupé programmé',
    'mailing.unscheduled': 'Programmation annulée',
    'mailing.resent': 'E-mails en échec renvoyés',
    'decision.set': 'Décision fixée',
    'decision.sent': 'Décision envoyée',
    'form.created': 'Formulaire créé',
    'form.updated': 'Formulaire modifié',
    'form.deleted': 'Formulaire supprimé',
    'webhook.created': 'Webhook ajouté',
    'webhook.updated': 'Webhook modifié',
    'webhook.deleted': 'Webhook supprimé',
    'export.item_type': 'Type d’élément exporté',
    'export.audit_log': 'Journal d’audit exporté',
    'personal_data.exported': 'Données personnelles exportées',
    'personal_data.erased': 'Données personnelles effacées',
  },
  field: {
    title: 'Titre',
    weight: 'Poids',
    weights: 'Poids',
    status: 'Statut',
    criterion: 'Critère',
    judge: 'Juge',
    judges: 'Juges',
    from_judge: 'Du juge',
    user: 'Personne',
    item: 'Élément',
    items: 'Éléments',
    items_added: 'Éléments ajoutés',
    items_removed: 'Éléments retirés',
    source: 'Source',
    selector: 'Choisis par',
    already: 'Déjà présents',
    items_erased: 'Éléments effacés',
    answers: 'Réponses',
    comments: 'Commentaires',
    files: 'Fichiers',
    emails: 'E-mails',
    selection: 'Sélection',
    mode: 'Mode',
    format: 'Format',
    search: 'Recherche',
    role: 'Rôle',
    max_rating: 'Note la plus haute',
    min_rating: 'Note la plus basse',
    description: 'Description',
    deadline: 'Date limite',
    access_all_items: 'Accès à tous les éléments',
    judges_per_item: 'Juges par élément',
    data_model_id: 'Type d’élément',
    resourcetype: 'Type',
    public: 'Sélection publique',
    email_required: 'Exiger une adresse e-mail',
    email_link: 'Envoyer le lien de réponse par e-mail',
    captcha: 'Demander un captcha',
    judges_can_load_dataset_details: 'Les juges voient le détail des éléments',
    random_order: 'Afficher les éléments dans un ordre aléatoire',
    hide_comments_until_submitted: 'Masquer les commentaires des autres juges jusqu’à l’envoi',
    hidden_fields: 'Questions masquées aux juges',
    hide_respondent: 'Masquer qui l’a envoyé',
    hide_judge_names: 'Masquer les noms des juges entre eux',
    share_feedback: 'Partager les retours avec les candidats',
    keep_open_after_deadline: 'Garder la sélection ouverte après la date limite',
    reminder_days_before: 'Rappel automatique (jours avant la date limite)',
    comments_mode: 'Mode de commentaires',
    item_label_singular_en: 'Les éléments sont appelés (un)',
    item_label_plural_en: 'Les éléments sont appelés (plusieurs)',
    step: 'Pas',
    nb_tokens: 'Jetons par juge',
    max_per_item: 'Jetons maximum par élément',
    min_items: 'Nombre minimal d’éléments à choisir',
    max_items: 'Nombre maximal d’éléments à choisir',
    nb_ranked: 'Éléments classés par juge',
    shortlist_size: 'Taille de la présélection',
    round: 'Tour',
    published: 'Publié',
    language_code: 'Langue',
    page_header_id: 'En-tête de page',
    css_theme_id: 'Thème',
    allow_partial_save: 'Permettre l’enregistrement partiel',
    title_field: 'Question donnant le titre',
    after_submit_message: 'Message affiché après l’envoi des réponses',
    edit_until: 'Modifications après envoi jusqu’au',
    respondent_email_active: 'E-mail au répondant',
    respondent_email_include_recap: 'Avec une copie des réponses',
    respondent_email_subject: 'Son objet',
    respondent_email_content: 'Son texte',
    respondent_email_html_content: 'Son HTML',
    team_image: 'Logo',
    custom_header: 'En-tête personnalisé',
    package: 'Offre',
    sso_only: 'Connexion par authentification unique seulement',
    url: 'Adresse',
    events: 'Événements',
    active: 'Actif',
    scheduled_time: 'Prévu pour',
    template: 'Modèle',
    mailing: 'Envoi',
    decision: 'Décision',
    invitations: 'Invitations',
    pairs_added: 'Paires ajoutées',
    pairs_removed: 'Paires retirées',
    by: 'Réparti selon',
    results: 'Résultats',
    more: 'Autres valeurs',
    ordering: 'Ordre',
    data_model: 'Type d’élément',
    issue: 'Sélection',
    reviews__status: 'Statut de revue',
    tag: 'Étiquette',
    form: 'Formulaire',
    criteria: 'Critères',
    only_verified_emails: 'E-mails vérifiés seulement',
    tags: 'Étiquettes',
    normalised: 'Normalisé',
    per_criterion: 'Par critère',
    include_dataset: 'Avec les réponses des éléments',
    k: 'Top k',
    actor: 'Par',
    actor_kind: 'Type d’auteur',
    action: 'Action',
    object_type: 'Objet',
    object_id: 'Id de l’objet',
    since: 'Du',
    until: 'Au',
    ranked: 'Classement',
    pairwise: 'Par paires',
  },
  value: {
    yes: 'Oui',
    no: 'Non',
    open: 'Ouverte',
    closed: 'Fermée',
    archived: 'Archivée',
    draft: 'Brouillon',
    scheduled: 'Programmé',
    sending: 'En cours',
    sent: 'Envoyé',
    failed: 'Échec',
    pending: 'En attente',
    accepted: 'Acceptée',
    refused: 'Refusée',
    waitlisted: 'Sur liste d’attente',
    declined: 'Refusée',
    DATASET: 'Un commentaire par élément',
    QUESTION: 'Un commentaire par critère',
    ...ISSUE_RESOURCETYPE_NAMES.fr,
    en: 'Anglais',
    fr: 'Français',
  },
  answerOf: '{{item}} — {{criterion}}',
  wholeItem: 'global',
  commentOf: 'Commentaire sur {{item}}',
  moreValues: (count: number) =>
    count <= 1 ? `${count} autre valeur non listée` : `${count} autres valeurs non listées`,
};

export const AUDIT_WORDS: Record<Language, typeof en> = { en, fr };

/** One change as it reads: the field's name, its value before when it had one that differs, and now. */
export interface AuditChangeLine {
  key: string;
  label: string;
  old: string | null;
  value: string;
}

/** `answer.<item>.<criterion>` and `comment.<item>.<criterion>` (criterion 0: the item as a whole). */
const VALUE_KEY = /^(answer|comment)\.(\d+)\.(\d+)$/;
const USER_KEYS = new Set(['judge', 'judges', 'from_judge', 'user']);
/** The fields whose values are codes; a title or a text that reads "open" stays as written. */
const CODE_KEYS = new Set(['status', 'resourcetype', 'comments_mode', 'decision', 'language_code']);
/** A time the log wrote (ISO, as the database gave it): a deadline, a mailing's schedule. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

type Words = typeof en;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The name of an id as the entry's refs give it, else `#id`. */
const nameOf = (names: Record<string, string>, id: unknown) =>
  typeof id === 'number' ? (names[id] ?? `#${id}`) : String(id);

function labelOf(key: string, refs: AuditRefs, words: Words) {
  const match = VALUE_KEY.exec(key);
  if (!match) return key in words.field ? words.field[key as AuditField] : key.replace(/_/g, ' ');
  const item = nameOf(refs.items, Number(match[2]));
  if (match[1] === 'comment') return fill(words.commentOf, { item });
  const criterion = match[3] === '0' ? words.wholeItem : nameOf(refs.criteria, Number(match[3]));
  return fill(words.answerOf, { item, criterion });
}

/** A code in words: an export's filter by action or object as the log's filters name them, a status… */
function codeWord(key: string, code: string, { words, language }: ValueContext): string | undefined {
  if (key === 'action') return words.action[code as AuditAction];
  if (key === 'object_type') return words.objectType[code as AuditObjectType];
  if (key === 'actor_kind') return words.actorKind[code as AuditActorKind];
  if (key === 'events') return WEBHOOK_EVENT_NAMES[language][code as WebhookEvent];
  return CODE_KEYS.has(key) ? (words.value as Record<string, string>)[code] : undefined;
}

interface ValueContext {
  refs: AuditRefs;
  words: Words;
  language: Language;
  formatTime: (iso: string) => string;
}

/** One side of a change: ids named, yes or no for a setting, a code in words, a time as `formatTime` writes it. */
function valueText(key: string, value: unknown, context: ValueContext): string {
  const { refs, words } = context;
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value) && value.length === 0) return '—';
  const names = USER_KEYS.has(key)
    ? refs.users
    : key === 'item' || key.startsWith('items_')
      ? refs.items
      : key === 'criterion'
        ? refs.criteria
        : null;
  if (Array.isArray(value))
    return value.map((one) => (names ? nameOf(names, one) : valueText(key, one, context))).join(', ');
  if (names) return nameOf(names, value);
  if (typeof value === 'boolean') return value ? words.value.yes : words.value.no;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return codeWord(key, text, context) ?? (ISO_TIME.test(text) ? context.formatTime(text) : text);
}

/**
 * An entry's changes as they read, one line each; a value that stayed the same (the context, as the judge
 * whose items changed) or that was created has no `old`.
 */
export function auditChangeLines(
  changes: AuditChanges,
  refs: AuditRefs,
  language: Language,
  formatTime: (iso: string) => string,
): AuditChangeLine[] {
  const context = { refs, words: AUDIT_WORDS[language], language, formatTime };
  return Object.entries(changes).map(([key, [old, value]]) => {
    const label = labelOf(key, refs, context.words);
    if (key === 'more') return { key, label, old: null, value: context.words.moreValues(Number(value)) };
    const same = old === null || JSON.stringify(old) === JSON.stringify(value);
    return {
      key,
      label,
      old: same ? null : valueText(key, old, context),
      value: valueText(key, value, context),
    };
  });
}
