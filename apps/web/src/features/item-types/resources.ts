import { addNamespace } from '../../lib/i18n/add-resources';
import * as itemTypes from './i18n';

/** The 'itemTypes' namespace, added by the modules that read it (add-resources.ts). */
export const itemTypesResources = addNamespace('itemTypes', itemTypes);
