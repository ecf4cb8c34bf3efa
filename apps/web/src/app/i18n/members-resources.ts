import * as members from '../../features/members/i18n';
import { addNamespace } from './add-resources';

/** The 'members' namespace, added by the modules that read it (add-resources.ts). */
export const membersResources = addNamespace('members', members);
