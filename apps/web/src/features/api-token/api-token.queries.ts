import { type ApiTokenCreate, apiTokenEndpoints as ep } from '@eqms/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// The signed-in user's own API tokens (issue 17): list, create (the token comes back this once), revoke.
export const API_TOKENS_KEY = ['apiTokens'] as const;

/** Read on every opening: "last used" moves while the dialog is closed, as an assistant calls with a token. */
export function useApiTokens() {
  return useQuery({
    queryKey: API_TOKENS_KEY,
    queryFn: ({ signal }) => call(ep.list, { signal }),
    refetchOnMount: 'always',
  });
}

/** Silent: the form puts a refused name on its field (showSaveError) and reports anything else itself. */
export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => call(ep.create, { body, silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

/** A refusal reaches the user through the API client's snackbar; the list is read again either way. */
export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ep.revoke, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
