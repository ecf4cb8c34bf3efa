import { addNamespace } from '../../lib/i18n/add-resources';
import * as answers from './i18n';

/**
 * How answers read (features/answers): added by the components that show or take an answer, when they
 * load, so that every page drawing one has its words — the public form lacked the admin's namespaces,
 * and its budget showed its keys (issue 27).
 */
export const answersResources = addNamespace('answers', answers);
