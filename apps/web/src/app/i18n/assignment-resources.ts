import * as assignment from '../../features/assignment/i18n';
import { addNamespace } from '../../lib/i18n/add-resources';

/** The admin's "Assign by expertise" page (features/assignment): loaded with that page only. */
export const assignmentResources = addNamespace('assignment', assignment);
