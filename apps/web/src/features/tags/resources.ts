import { addNamespace } from '../../lib/i18n/add-resources';
import * as tags from './i18n';

/** The 'tags' namespace, added by the modules that read it (add-resources.ts). */
export const tagsResources = addNamespace('tags', tags);
