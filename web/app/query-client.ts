import { MutationCache, QueryClient } from '@tanstack/react-query';
import { BANNED_QUERY_KEY } from '../features/auth/suspended-account-watch.tsx';

declare module '@tanstack/react-query' {
  interface Register {
    /** meta.private marks queries holding a signed-in user's data; they are dropped at sign-out. */
    queryMeta: { private?: boolean };
  }
}

export const queryClient: QueryClient = new QueryClient({
  // A refused write may mean the account was banned meanwhile: ask again (suspended-account-watch).
  mutationCache: new MutationCache({
    onError: () => void queryClient.invalidateQueries({ queryKey: BANNED_QUERY_KEY }),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: 1,
    },
  },
});
