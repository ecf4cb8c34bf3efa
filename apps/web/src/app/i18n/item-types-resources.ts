import * as itemTypes from '../../features/item-types/i18n';
import { addNamespace } from './add-resources';

/** The 'itemTypes' namespace, added by the modules that read it (add-resources.ts). */
export const itemTypesResources = addNamespace('itemTypes', itemTypes);
