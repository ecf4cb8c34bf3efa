import * as answering from '../../features/answering/i18n';
import { addResources } from './add-resources';

/** The answer and public link pages' texts: loaded with those pages (public-pages.tsx), not by every public page. */
export const answeringResources = {
  en: { answering: answering.en },
  fr: { answering: answering.fr },
} as const;

addResources(answeringResources);
