// Alone in its module, without zod: a page that names erased items loads nothing else of the contract.

/**
 * An erased item keeps its place in selections and rankings under this title, stored as written; a page
 * shows it in the reader's language (web app/item-titles.ts).
 */
export const ERASED_ITEM_TITLE = '[erased]';
