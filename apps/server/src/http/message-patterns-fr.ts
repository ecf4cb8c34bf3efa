// The French of the API's texts with a varying part (a number, a name, a type, a template's error): each
// English pattern and how its groups read in French; the fixed texts are in messages-fr.ts.

/** A number as the English texts write it ('10,000', '0.5'), in French ('10 000', '0,5'). */
function frenchNumber(english: string): string {
  const value = Number(english.replaceAll(',', ''));
  return Number.isFinite(value)
    ? new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 10 }).format(value)
    : english;
}

/** `word` after `n`, with an s unless n is 0 or 1 (French plural). */
const plural = (n: string, word: string, words = `${word}s`) => (Math.abs(Number(n)) < 2 ? word : words);

/** A selection's words for its items (ITEM_LABELS), as the answer page says them. */
const ITEM_LABELS: Readonly<Record<string, string>> = {
  item: 'élément',
  items: 'éléments',
  startup: 'startup',
  startups: 'startups',
  person: 'personne',
  people: 'personnes',
  company: 'entreprise',
  companies: 'entreprises',
  idea: 'idée',
  ideas: 'idées',
};
const itemLabel = (label: string) => ITEM_LABELS[label] ?? label;

/** What a judge's row is, in a submission's messages. */
const ROW_KINDS: Readonly<Record<string, { one: string; many: string; same: string }>> = {
  answer: { one: 'réponse', many: 'réponses', same: 'la même réponse' },
  comment: { one: 'commentaire', many: 'commentaires', same: 'le même commentaire' },
};

/** « A valid … is required. » for each type zod names; an unknown type keeps its English name. */
const VALID_TYPE_REQUIRED: Readonly<Record<string, string>> = {
  string: 'Une chaîne de caractères valide est requise.',
  number: 'Un nombre valide est requis.',
  int: 'Un nombre entier valide est requis.',
  integer: 'Un nombre entier valide est requis.',
  bigint: 'Un grand nombre entier valide est requis.',
  boolean: 'Un booléen valide est requis.',
  object: 'Un objet valide est requis.',
  record: 'Un objet valide est requis.',
  array: 'Une liste valide est requise.',
  tuple: 'Une liste valide est requise.',
  set: 'Un ensemble valide est requis.',
  map: 'Un dictionnaire valide est requis.',
  date: 'Une date valide est requise.',
  file: 'Un fichier valide est requis.',
  null: 'Une valeur nulle est requise.',
};

const WEBHOOK_ADDRESS_KINDS: Readonly<Record<string, string>> = {
  loopback: 'une adresse de bouclage (le serveur lui-même)',
  private: 'une adresse privée',
  'link-local': 'une adresse lien-local (comme le service de métadonnées du cloud)',
  reserved: 'une adresse réservée',
};

const TIME_UNITS: Readonly<Record<string, [string, string]>> = {
  ms: ['ms', 'ms'],
  second: ['seconde', 'secondes'],
  minute: ['minute', 'minutes'],
  hour: ['heure', 'heures'],
  day: ['jour', 'jours'],
  year: ['an', 'ans'],
};

/** LiquidJS's own words for a template it cannot read or render; a reason not named here stays English. */
const LIQUID_REASONS: readonly (readonly [RegExp, (...groups: string[]) => string])[] = [
  [/^tag "(.*)" not found$/s, (tag) => `balise « ${tag} » inconnue`],
  [/^tag (.*) not closed$/s, (tag) => `balise ${tag} non fermée`],
  [/^output "(.*)" not closed$/s, (output) => `sortie « ${output} » non fermée`],
  [/^illegal tag: (.*)$/s, (tag) => `balise mal formée : ${tag}`],
  [/^invalid value expression: (.*)$/s, (expression) => `expression non valide : ${expression}`],
  [/^expected variable name$/, () => 'nom de variable attendu'],
  [/^(.*) not closed$/s, (what) => `${what} non fermé`],
];

/** A LiquidJS reason in French, with where it is ("line:1, col:5" becomes "ligne 1, colonne 5"). */
function liquidReasonInFrench(reason: string): string {
  const located = /^(.*), line:(\d+), col:(\d+)$/s.exec(reason);
  const what = located?.[1] ?? reason;
  const rule = LIQUID_REASONS.find(([pattern]) => pattern.test(what));
  const french = rule ? rule[1](...(rule[0].exec(what)?.slice(1) ?? [])) : what;
  return located ? `${french}, ligne ${located[2]}, colonne ${located[3]}` : french;
}

/** What is wrong with a line of an uploaded affinity CSV. */
const AFFINITY_CSV_REASONS: Readonly<Record<string, string>> = {
  'the header must be judge,item,score.': 'l’en-tête doit être judge,item,score.',
  'three values are expected: judge, item, score.': 'trois valeurs sont attendues : judge, item, score.',
  'this is not a judge of this selection.': 'ce n’est pas un juge de cette sélection.',
  'this item is not part of this selection.': 'cet élément ne fait pas partie de cette sélection.',
  'the score must be a number between 0 and 1.': 'le score doit être un nombre entre 0 et 1.',
  'this pair was given on an earlier line.': 'cette paire figure déjà sur une ligne précédente.',
};

export const FRENCH_PATTERNS: readonly (readonly [RegExp, (...groups: string[]) => string])[] = [
  [
    /^Line (\d+): (the header must be judge,item,score\.|three values are expected: judge, item, score\.|this is not a judge of this selection\.|this item is not part of this selection\.|the score must be a number between 0 and 1\.|this pair was given on an earlier line\.)$/,
    (line, reason) => `Ligne ${line} : ${AFFINITY_CSV_REASONS[reason] ?? reason}`,
  ],
  // Validation, in Django REST framework's words and its French
  [
    /^Ensure this field has at least (\d+) characters\.$/,
    (n) => `Assurez-vous que ce champ comporte au moins ${n} caractères.`,
  ],
  [
    /^Ensure this field has no more than (\d+) characters\.$/,
    (n) => `Assurez-vous que ce champ comporte au plus ${n} caractères.`,
  ],
  [
    /^Ensure this field has at least (\d+) elements\.$/,
    (n) => `Assurez-vous que ce champ comporte au moins ${n} éléments.`,
  ],
  [
    /^Ensure this field has no more than (\d+) elements\.$/,
    (n) => `Assurez-vous que ce champ comporte au plus ${n} éléments.`,
  ],
  [
    /^Ensure this value is greater than or equal to (-?[\d.,]+)\.$/,
    (n) => `Assurez-vous que cette valeur est supérieure ou égale à ${frenchNumber(n)}.`,
  ],
  [
    /^Ensure this value is less than or equal to (-?[\d.,]+)\.$/,
    (n) => `Assurez-vous que cette valeur est inférieure ou égale à ${frenchNumber(n)}.`,
  ],
  [
    /^Ensure this value is a multiple of (-?[\d.,]+)\.$/,
    (n) => `Assurez-vous que cette valeur est un multiple de ${frenchNumber(n)}.`,
  ],
  [
    /^A valid (\w+) is required\.$/,
    (type) => VALID_TYPE_REQUIRED[type] ?? `Une valeur valide de type ${type} est requise.`,
  ],
  [/^"(.*)" is not a valid choice\.$/s, (value) => `« ${value} » n’est pas un choix valide.`],
  [
    /^Invalid pk "(.*)" - object does not exist\.$/s,
    (pk) => `Clé primaire « ${pk} » non valide - l’objet n’existe pas.`,
  ],
  [
    /^Unknown field(s?): (.*)\.$/s,
    (s, keys) => (s ? `Champs inconnus : ${keys}.` : `Champ inconnu : ${keys}.`),
  ],
  [
    /^Invalid string: must match pattern (.*)$/s,
    (pattern) => `Texte non valide : doit correspondre au motif ${pattern}`,
  ],
  [
    /^Ensure each tag has no more than (\d+) characters\.$/,
    (n) => `Assurez-vous que chaque étiquette comporte au plus ${n} caractères.`,
  ],
  [
    /^Ensure the tags have no more than (\d+) characters in all\.$/,
    (n) => `Assurez-vous que les étiquettes comportent au plus ${n} caractères en tout.`,
  ],

  // Limits of the app and of its package
  [
    /^Too many attempts\. Please try again in (\d+) seconds\.$/,
    (n) => `Trop de tentatives. Veuillez réessayer dans ${n} ${plural(n, 'seconde')}.`,
  ],
  [
    /^Rate limit exceeded, retry in (\d+) (ms|second|minute|hour|day|year)s?$/,
    (n, unit) => {
      const [one, many] = TIME_UNITS[unit] ?? [unit, unit];
      return `Limite de requêtes dépassée, réessayez dans ${n} ${plural(n, one, many)}`;
    },
  ],
  [
    /^At most (\d+) invitations or reminders can be sent to a judge\.$/,
    (n) => `Au plus ${n} invitations ou relances peuvent être envoyées à un juge.`,
  ],
  [/^An item type has at most (\d+) fields\.$/, (n) => `Un type d’élément a au plus ${n} champs.`],
  [
    /^This item type is used by (\d+) items\.$/,
    (n) => `Ce type d’élément est utilisé par ${n} ${plural(n, 'élément')}.`,
  ],
  [
    /^A merge needs between (\d+) and (\d+) selections\.$/,
    (min, max) => `Une fusion demande entre ${min} et ${max} sélections.`,
  ],
  [/^A team has at most (\d+) webhooks\.$/, (n) => `Un espace de travail a au plus ${n} webhooks.`],
  [
    /^Your package allows at most (\d+) e-mails? in a batch\.$/,
    (n) => `Votre offre permet au plus ${n} ${plural(n, 'e-mail')} par envoi.`,
  ],
  [
    /^Your package allows (\d+) batches sent a month; this month's are used\.$/,
    (n) => `Votre offre permet ${n} envois par mois ; ceux de ce mois-ci sont utilisés.`,
  ],

  // Judging
  [
    /^Each (\S+) needs a criterion\.$/,
    (kind) => `Chaque ${ROW_KINDS[kind]?.one ?? kind} doit porter sur un critère.`,
  ],
  [
    /^The (\S+)s of this selection take no criterion\.$/,
    (kind) => `Les ${ROW_KINDS[kind]?.many ?? `${kind}s`} de cette sélection ne portent sur aucun critère.`,
  ],
  [
    /^An item has the same (\S+) more than once\.$/,
    (kind) => `Un élément a ${ROW_KINDS[kind]?.same ?? `le même ${kind}`} plus d’une fois.`,
  ],
  [
    /^Ratings must be between (-?[\d.,]+) and (-?[\d.,]+)\.$/,
    (min, max) => `Les notes doivent être comprises entre ${frenchNumber(min)} et ${frenchNumber(max)}.`,
  ],
  [
    /^Ratings must follow steps of (-?[\d.,]+) from (-?[\d.,]+)\.$/,
    (step, min) =>
      `Les notes doivent aller par pas de ${frenchNumber(step)} à partir de ${frenchNumber(min)}.`,
  ],
  [/^Please pick at least (\d+) (.+)\.$/, (n, items) => `Choisissez au moins ${n} ${itemLabel(items)}.`],
  [
    /^You can pick at most (\d+) (.+)\.$/,
    (n, items) => `Vous pouvez choisir au plus ${n} ${itemLabel(items)}.`,
  ],
  [
    /^An item can receive at most (\d+) tokens?\.$/,
    (n) => `Un élément peut recevoir au plus ${n} ${plural(n, 'jeton')}.`,
  ],
  [/^You have (\d+) tokens in all\.$/, (n) => `Vous avez ${n} ${plural(n, 'jeton')} en tout.`],
  [
    /^Please rank exactly (\d+) (.+)\.$/,
    (n, items) => `Veuillez classer exactement ${n} ${itemLabel(items)}.`,
  ],
  [
    /^You can rank at most (\d+) (.+)\.$/,
    (n, items) => `Vous pouvez classer au plus ${n} ${itemLabel(items)}.`,
  ],
  [
    /^A ranked item's value is its points: a whole number from 1 to (\d+)\.$/,
    (n) => `La valeur d’un élément classé est son nombre de points : un nombre entier de 1 à ${n}.`,
  ],

  // Answers of items
  [/^The field expects a "(.*)" answer\.$/s, (type) => `Le champ attend une réponse de type « ${type} ».`],

  // E-mail templates: the reason of a template that cannot be read is the template engine's, in French where
  // LIQUID_REASONS knows it
  [/^Unknown variable "(.*)"\.$/s, (name) => `Variable inconnue : « ${name} ».`],
  [
    /^The tag "(.*)" cannot be used in an e-mail template\.$/s,
    (tag) => `La balise « ${tag} » ne peut pas être utilisée dans un modèle d’e-mail.`,
  ],
  [
    /^The filter "(.*)" cannot be used in an e-mail template\.$/s,
    (filter) => `Le filtre « ${filter} » ne peut pas être utilisé dans un modèle d’e-mail.`,
  ],
  [
    /^The template renders too many parts: over ([\d,]+) an e-mail \(a loop that turns too often\?\)\.$/,
    (n) =>
      `Le modèle génère trop de parties : plus de ${frenchNumber(n)} par e-mail (une boucle qui tourne trop souvent ?).`,
  ],
  [
    /^The template takes too long to render \(over ([\d,]+) ms an e-mail\)\.$/,
    (n) => `Le modèle met trop de temps à être généré (plus de ${frenchNumber(n)} ms par e-mail).`,
  ],
  [
    /^The e-mail would be longer than ([\d,]+) characters\.$/,
    (n) => `L’e-mail dépasserait ${frenchNumber(n)} caractères.`,
  ],
  [
    /^The template cannot be read: (.*)$/s,
    (reason) => `Le modèle ne peut pas être lu : ${liquidReasonInFrench(reason)}`,
  ],
  [
    /^The template cannot be rendered: (.*)$/s,
    (reason) => `Le modèle ne peut pas être généré : ${liquidReasonInFrench(reason)}`,
  ],

  // Webhooks
  // Mail: the server's reply, or the system's reason, kept after the colon
  [/^The mail server answered: (.*)$/s, (reply) => `Le serveur de messagerie a répondu : ${reply}`],
  [
    /^The mail server could not be reached: (.*)$/s,
    (reason) => `Le serveur de messagerie n’a pas pu être joint : ${reason}`,
  ],
  [
    /^The receiver did not answer within ([\d,]+) s\.$/,
    (n) => `Le récepteur n’a pas répondu en ${frenchNumber(n)} s.`,
  ],
  [
    /^The receiver could not be reached: (.*)\.$/s,
    (reason) => `Le récepteur n’a pas pu être joint : ${reason}.`,
  ],
  [
    // A delivery's reason stored before the second sentence was added reads the same.
    /^(\S+) is an? ([a-z-]+) address(?: \([^)]*\))?: webhooks may not reach the server's own network\.(?: An on-premises receiver can be allowed by the server's operator\.)?$/,
    (address, kind) =>
      `${address} est ${WEBHOOK_ADDRESS_KINDS[kind] ?? `une adresse ${kind}`} : les webhooks ne peuvent pas atteindre le réseau propre du serveur. L’exploitant du serveur peut autoriser un récepteur installé sur place.`,
  ],
];
