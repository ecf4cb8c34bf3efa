import * as selections from '../../features/selections/i18n';
import { addNamespace } from './add-resources';

/** The 'selections' namespace, added by the modules that read it (add-resources.ts). */
export const selectionsResources = addNamespace('selections', selections);
