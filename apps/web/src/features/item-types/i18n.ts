/** Texts of this feature, in the i18next namespace 'itemTypes'; French is typed by English. */
export const en = {
  title: 'Item types',
};

export const fr: typeof en = {
  title: "Types d'éléments",
};
