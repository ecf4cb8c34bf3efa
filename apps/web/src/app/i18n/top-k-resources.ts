import * as topK from '../../features/top-k/i18n';
import { addNamespace } from './add-resources';

/** "How sure is the shortlist?" (features/top-k): added when its panel loads, with the panel's chunk. */
export const topKResources = addNamespace('topK', topK);
