import type { Language } from '@shortlist/contract';

/** The documents of a team's part of the archive, in the order the README lists them. */
export const ARCHIVE_DOCUMENTS = [
  'person.json',
  'items.json',
  'judging.json',
  'mails.json',
  'webhooks.json',
] as const;
export type ArchiveDocument = (typeof ARCHIVE_DOCUMENTS)[number];

interface ReadmeTexts {
  title: string;
  /** Between a file's name and what it holds: French puts a space before the colon. */
  colon: string;
  intro: (date: string) => string;
  folders: string;
  team: (title: string) => string;
  documents: Record<ArchiveDocument | 'files/', string>;
  format: string;
}

const TEXTS: Record<Language, ReadmeTexts> = {
  en: {
    title: 'Your personal data',
    colon: ': ',
    intro: (date) =>
      `This archive holds what Shortlist kept about your e-mail address on ${date}, at your request.`,
    folders: 'Each folder team-<number> holds what one workspace kept:',
    team: (title) => `Workspace: ${title}`,
    documents: {
      'person.json':
        'your address, the workspace, your invitations to it, and whether mass e-mail skips you (suppressions)',
      'items.json':
        'the items you submitted or that name you: their answers, your form response, the decision you were sent',
      'judging.json':
        'your work as a judge: each selection, your answers, comments, conflicts of interest, draft, invitations, stated expertise and bids',
      'mails.json':
        'the e-mails to you or about you: mailings, e-mails queued or sent (notifications to the admins too), and copies kept by the server',
      'webhooks.json':
        'the messages about you sent to the workspace’s own systems (webhooks), as they were sent',
      'files/': 'the files you uploaded, named as in items.json',
    },
    format: 'The .json files are text (JSON); any text editor opens them. Times are in UTC (ISO 8601).',
  },
  fr: {
    title: 'Vos données personnelles',
    colon: ' : ',
    intro: (date) =>
      `Cette archive contient ce que Shortlist conservait sur votre adresse e-mail le ${date}, à votre demande.`,
    folders: 'Chaque dossier team-<numéro> contient ce qu’un espace de travail conservait :',
    team: (title) => `Espace de travail : ${title}`,
    documents: {
      'person.json':
        'votre adresse, l’espace de travail, vos invitations à le rejoindre, et si les envois groupés vous évitent (exclusions)',
      'items.json':
        'les éléments que vous avez envoyés ou qui vous nomment : leurs réponses, votre réponse au formulaire, la décision qui vous a été envoyée',
      'judging.json':
        'votre travail de juge : chaque sélection, vos réponses, commentaires, conflits d’intérêts, brouillon, invitations, domaines d’expertise déclarés et préférences',
      'mails.json':
        'les e-mails qui vous ont été envoyés ou qui parlent de vous : envois groupés, e-mails en file ou envoyés (y compris les notifications aux administrateurs), et les copies gardées par le serveur',
      'webhooks.json':
        'les messages vous concernant envoyés aux systèmes de l’espace de travail (webhooks), tels qu’ils ont été envoyés',
      'files/': 'les fichiers que vous avez envoyés, nommés comme dans items.json',
    },
    format:
      'Les fichiers .json sont du texte (JSON) : tout éditeur de texte les ouvre. Les heures sont en UTC (ISO 8601).',
  },
};

/**
 * README.txt: what each file of the archive is, in the person's language. `teams` are the workspaces
 * in the archive, each in its own folder when `hasFolders` (a superuser's request).
 */
export function personalDataReadme(
  language: Language,
  { teams, hasFolders, date }: { teams: { id: number; title: string }[]; hasFolders: boolean; date: Date },
) {
  const texts = TEXTS[language];
  const list = [...ARCHIVE_DOCUMENTS, 'files/' as const].map(
    (name) => `${hasFolders ? '  ' : ''}- ${name}${texts.colon}${texts.documents[name]}`,
  );
  // A folder's line is its name and the workspace's: nothing in it to translate.
  const folders = teams.map((team) => `- team-${team.id}${texts.colon}${team.title}`);
  return [
    texts.title,
    '',
    texts.intro(date.toISOString().slice(0, 10)),
    '',
    ...(hasFolders ? [texts.folders, ...folders] : teams.map((team) => texts.team(team.title))),
    '',
    ...list,
    '',
    texts.format,
    '',
  ].join('\n');
}
