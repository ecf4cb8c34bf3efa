import { addNamespace } from '../../lib/i18n/add-resources';
import * as bidding from './i18n';

/** The judge's expertise and bidding page (features/bidding): loaded with that page only. */
export const biddingResources = addNamespace('bidding', bidding);
