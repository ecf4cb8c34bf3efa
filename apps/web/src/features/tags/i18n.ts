/** Texts of the shared tag controls, in the i18next namespace 'tags'; French is typed by English. */
export const en = {
  filterTitle: 'Filter by tag',
  noTags: 'No tags yet.',
  clearFilter: 'Show all',
  add: 'Add a tag',
  remove: 'Remove the tag {{name}}',
  choose: 'Choose a tag',
  saveFailed: 'The tags could not be changed.',
};

export const fr: typeof en = {
  filterTitle: 'Filtrer par étiquette',
  noTags: 'Aucune étiquette pour le moment.',
  clearFilter: 'Tout afficher',
  add: 'Ajouter une étiquette',
  remove: 'Retirer l’étiquette {{name}}',
  choose: 'Choisir une étiquette',
  saveFailed: 'Les étiquettes n’ont pas pu être modifiées.',
};
