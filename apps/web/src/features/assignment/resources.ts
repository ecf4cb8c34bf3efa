import { addNamespace } from '../../lib/i18n/add-resources';
import * as assignment from './i18n';

/** The admin's "Assign by expertise" page (features/assignment): loaded with that page only. */
export const assignmentResources = addNamespace('assignment', assignment);
