import { addNamespace } from '../../lib/i18n/add-resources';
import * as reviews from './i18n';

/** The 'reviews' namespace, added by the modules that read it (add-resources.ts). */
export const reviewsResources = addNamespace('reviews', reviews);
