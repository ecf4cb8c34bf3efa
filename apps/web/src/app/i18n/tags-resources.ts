import * as tags from '../../features/tags/i18n';
import { addNamespace } from './add-resources';

/** The 'tags' namespace, added by the modules that read it (add-resources.ts). */
export const tagsResources = addNamespace('tags', tags);
