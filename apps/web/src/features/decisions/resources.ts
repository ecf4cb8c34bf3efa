import { addNamespace } from '../../lib/i18n/add-resources';
import * as decisions from './i18n';

/** The decisions' texts, added when a page that offers decisions loads (not with every admin page). */
export const decisionsResources = addNamespace('decisions', decisions);
