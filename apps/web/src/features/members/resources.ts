import { addNamespace } from '../../lib/i18n/add-resources';
import * as members from './i18n';

/** The 'members' namespace, added by the modules that read it (add-resources.ts). */
export const membersResources = addNamespace('members', members);
