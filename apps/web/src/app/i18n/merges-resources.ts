import * as merges from '../../features/merges/i18n';
import { addNamespace } from './add-resources';

/** The 'merges' namespace, added by the modules that read it (add-resources.ts). */
export const mergesResources = addNamespace('merges', merges);
