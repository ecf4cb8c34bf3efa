import * as bidding from '../../features/bidding/i18n';
import { addNamespace } from './add-resources';

/** The judge's expertise and bidding page (features/bidding): loaded with that page only. */
export const biddingResources = addNamespace('bidding', bidding);
