import * as answering from '../../features/answering/i18n';
import { addNamespace } from './add-resources';

/** The answer and public link pages' texts: loaded with those pages (public-pages.tsx), not by every public page. */
export const answeringResources = addNamespace('answering', answering);
