import { BUDGET_WORDS } from '@shortlist/contract';

/**
 * How answers read on every page (the judge's card, the admin's tables and drawers, the public form's
 * budget). A budget's words come from the contract, which writes the same budget in exports and mails.
 */
export const en = {
  noAnswer: '—',
  noFile: 'No file yet',
  download: 'Download {{name}}',
  file: 'Open the file',
  fileNewTab: 'Open in a new tab',
  showPdf: 'Show {{name}}',
  hidePdf: 'Hide {{name}}',
  budget: {
    ...BUDGET_WORDS.en,
    table: 'Budget',
    label: 'Label',
    amount: 'Amount',
    amountOf: 'Amount, {{label}}',
    addLine: 'Add a line',
    removeLine: 'Remove the line {{label}}',
    tooManyLines: 'At most {{count}} lines',
  },
};

export const fr: typeof en = {
  noAnswer: '—',
  noFile: 'Pas encore de fichier',
  download: 'Télécharger {{name}}',
  file: 'Ouvrir le fichier',
  fileNewTab: 'Ouvrir dans un nouvel onglet',
  showPdf: 'Afficher {{name}}',
  hidePdf: 'Masquer {{name}}',
  budget: {
    ...BUDGET_WORDS.fr,
    table: 'Budget',
    label: 'Libellé',
    amount: 'Montant',
    amountOf: 'Montant, {{label}}',
    addLine: 'Ajouter une ligne',
    removeLine: 'Retirer la ligne {{label}}',
    tooManyLines: '{{count}} lignes au plus',
  },
};
