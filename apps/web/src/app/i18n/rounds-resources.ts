import * as rounds from '../../features/rounds/i18n';
import { addResources } from './add-resources';

/**
 * Promotion and items' rounds (features/rounds): added by the promote button and the item's path when they
 * load, so that the admin app's first download stays within its budgets.
 */
export const roundsResources = {
  en: { rounds: rounds.en },
  fr: { rounds: rounds.fr },
} as const;

addResources(roundsResources);
