import { FORMS_PAGE_SIZE, type IntakeFormCreate } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toOffsetLimit } from '../../lib/paging';
import { createForm, duplicateForm, fetchForms, formKeys, updateForm } from './api';

/** One page of the team's forms, newest first, filtered by tags. */
export function useForms(teamId: number, page: number, tags: string | undefined) {
  const query = { ...toOffsetLimit({ page, pageSize: FORMS_PAGE_SIZE }), tags };
  return useQuery({
    queryKey: formKeys.list(teamId, query),
    queryFn: ({ signal }) => fetchForms(teamId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Creating, duplicating and tagging forms from the list; each reloads the team's forms. */
export function useFormListMutations(teamId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: formKeys.all(teamId) });
  return {
    create: useMutation({ mutationFn: (input: IntakeFormCreate) => createForm(input), onSuccess }),
    duplicate: useMutation({ mutationFn: (id: number) => duplicateForm(id), onSuccess }),
    setTags: useMutation({
      mutationFn: ({ id, tags }: { id: number; tags: number[] }) => updateForm(id, { tags }),
      onSuccess,
    }),
  };
}
