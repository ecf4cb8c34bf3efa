import { addNamespace } from '../../lib/i18n/add-resources';
import * as sso from './i18n';

/** The 'sso' namespace, added by the modules that read it (add-resources.ts). */
export const ssoResources = addNamespace('sso', sso);
