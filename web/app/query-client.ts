import { MutationCache, QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../lib/query-keys.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** meta.private marks queries holding a signed-in user's data; they are dropped at sign-out. */
    queryMeta: { private?: boolean };
  }
}

/** The app's cache settings; the server renders a page's first screen with a client of its own (web/app/entry-server.tsx). */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A refused write may mean the account was banned meanwhile: ask again (suspended-account-watch).
    mutationCache: new MutationCache({
      onError: () => void client.invalidateQueries({ queryKey: sharedKeys.allBanned }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
  return client;
}

export const queryClient: QueryClient = createQueryClient();
