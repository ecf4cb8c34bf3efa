import { addNamespace } from '../../lib/i18n/add-resources';
import * as items from './i18n';

/** The 'items' namespace, added by the modules that read it (add-resources.ts). */
export const itemsResources = addNamespace('items', items);
