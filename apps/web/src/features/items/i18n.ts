/** Texts of this feature, in the i18next namespace 'items'; French is typed by English. */
export const en = {
  title: 'Items',
};

export const fr: typeof en = {
  title: 'Éléments',
};
