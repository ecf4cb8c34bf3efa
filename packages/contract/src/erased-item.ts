// Alone in its module, without zod: a page that names erased items loads nothing else of the contract.

/**
 * An erased item keeps its place in selections and rankings under this title, stored as written; a page
 * shows it in the reader's language (web app/item-titles.ts).
 */
export const ERASED_ITEM_TITLE = '[erased]';

/** The erased item's title in each language: a page, an export or a log shows it in its reader's. */
export const ERASED_ITEM_TITLES = { en: ERASED_ITEM_TITLE, fr: '[effacé]' } as const;

/** An item's title as a reader of `language` reads it: the erased one in their words, any other as written. */
export const itemTitleIn = (title: string, language: keyof typeof ERASED_ITEM_TITLES) =>
  title === ERASED_ITEM_TITLE ? ERASED_ITEM_TITLES[language] : title;
