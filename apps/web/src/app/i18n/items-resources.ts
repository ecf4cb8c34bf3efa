import * as items from '../../features/items/i18n';
import { addNamespace } from './add-resources';

/** The 'items' namespace, added by the modules that read it (add-resources.ts). */
export const itemsResources = addNamespace('items', items);
