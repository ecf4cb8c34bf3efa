import * as assignment from '../../features/assignment/i18n';
import { addNamespace } from './add-resources';

/** The admin's "Assign by expertise" page (features/assignment): loaded with that page only. */
export const assignmentResources = addNamespace('assignment', assignment);
