import { addNamespace } from '../../lib/i18n/add-resources';
import * as topK from './i18n';

/** "How sure is the shortlist?" (features/top-k): added when its panel loads, with the panel's chunk. */
export const topKResources = addNamespace('topK', topK);
