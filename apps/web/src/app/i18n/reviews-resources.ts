import * as reviews from '../../features/reviews/i18n';
import { addNamespace } from './add-resources';

/** The 'reviews' namespace, added by the modules that read it (add-resources.ts). */
export const reviewsResources = addNamespace('reviews', reviews);
