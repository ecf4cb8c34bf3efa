import * as sso from '../../features/sso/i18n';
import { addNamespace } from './add-resources';

/** The 'sso' namespace, added by the modules that read it (add-resources.ts). */
export const ssoResources = addNamespace('sso', sso);
