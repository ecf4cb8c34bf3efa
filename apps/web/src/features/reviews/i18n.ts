/** Texts of this feature, in the i18next namespace 'reviews'; French is typed by English. */
export const en = {
  title: 'Review statuses',
};

export const fr: typeof en = {
  title: 'Statuts de revue',
};
