import { addNamespace } from '../../lib/i18n/add-resources';
import * as rounds from './i18n';

/**
 * Promotion and items' rounds (features/rounds): added by the promote button and the item's path when they
 * load, so that the admin app's first download stays within its budgets.
 */
export const roundsResources = addNamespace('rounds', rounds);
