import type { Bid, BidItem, Page } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { declareConflict, withdrawConflict } from '../judging/api';
import {
  type BidItemsFilters,
  biddingKeys,
  fetchBidding,
  fetchBidItems,
  fetchOwnExpertise,
  saveOwnExpertise,
  setOwnBid,
} from './api';

export function useBiddingState(issueId: number, token: string | null) {
  return useQuery({
    queryKey: biddingKeys.state(issueId, token),
    queryFn: ({ signal }) => fetchBidding(issueId, token, signal),
    retry: false,
  });
}

export function useOwnExpertise(issueId: number, token: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: biddingKeys.expertise(issueId, token),
    queryFn: ({ signal }) => fetchOwnExpertise(issueId, token, signal),
    retry: false,
    // What the judge is typing must not be replaced behind their back.
    refetchOnWindowFocus: false,
  });
  const save = useMutation({
    mutationFn: (text: string) => saveOwnExpertise(issueId, token, text),
    onSuccess: (saved) => queryClient.setQueryData(biddingKeys.expertise(issueId, token), saved),
  });
  return { query, save };
}

export function useBidItems(issueId: number, token: string | null, filters: BidItemsFilters) {
  return useQuery({
    queryKey: biddingKeys.items(issueId, token, filters),
    queryFn: ({ signal }) => fetchBidItems(issueId, token, filters, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Writes one item's new state into the page of items on screen: a refetch would move the focus away. */
function useUpdateItem(issueId: number, token: string | null, filters: BidItemsFilters) {
  const queryClient = useQueryClient();
  /** `onlyIf`: the change is made only while the item's bid is still that one. */
  return (dataset: number, change: Partial<BidItem>, onlyIf?: BidItem['bid']) =>
    queryClient.setQueryData<Page<BidItem>>(
      biddingKeys.items(issueId, token, filters),
      (page) =>
        page && {
          ...page,
          results: page.results.map((item) =>
            item.dataset === dataset && (onlyIf === undefined || item.bid === onlyIf)
              ? { ...item, ...change }
              : item,
          ),
        },
    );
}

export function useBidMutations(issueId: number, token: string | null, filters: BidItemsFilters) {
  const queryClient = useQueryClient();
  const updateItem = useUpdateItem(issueId, token, filters);
  const bid = useMutation({
    mutationFn: ({ dataset, bid }: { dataset: number; bid: Bid | null; previous: Bid | null }) =>
      setOwnBid(issueId, token, dataset, bid),
    // Back to the previous bid, unless the judge has chosen another since.
    onError: (_, { dataset, bid, previous }) => updateItem(dataset, { bid: previous }, bid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.state(issueId, token) }),
  });
  // The choice is kept at once (the card shows it in the tap's render), and goes back if the server refuses it.
  const placeBid = (
    variables: { dataset: number; bid: Bid | null; previous: Bid | null },
    options: Parameters<typeof bid.mutate>[1],
  ) => {
    updateItem(variables.dataset, { bid: variables.bid });
    bid.mutate(variables, options);
  };
  const conflict = useMutation({
    mutationFn: async ({ dataset, isDeclared }: { dataset: number; isDeclared: boolean }) => {
      if (isDeclared) await declareConflict(issueId, token, dataset);
      else await withdrawConflict(issueId, token, dataset);
    },
    // The server may drop the bid of an item the judge declares a conflict with: the page is read again.
    onSuccess: (_, { dataset, isDeclared }) => {
      updateItem(dataset, { conflict: isDeclared });
      void queryClient.invalidateQueries({ queryKey: biddingKeys.all(issueId, token) });
    },
  });
  return { bid, placeBid, conflict };
}
