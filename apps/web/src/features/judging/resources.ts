import { addNamespace } from '../../lib/i18n/add-resources';
import * as judging from './i18n';

/** The answer and public link pages' texts: loaded with those pages (public-pages.tsx), not by every public page. */
export const judgingResources = addNamespace('judging', judging);
