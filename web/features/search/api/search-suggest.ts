import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { searchKeys } from './query-keys.ts';
import { MIN_SUGGEST_LENGTH, normalizeText, toSuggestions, type Suggestion } from './suggestions.ts';

/** How many names one answer holds (the RPC allows up to 20). */
const SUGGESTION_LIMIT = 10;
/**
 * One request per pause in typing, not per keystroke: search_suggest is limited per IP (60 a
 * minute by default, decision 234), and a typist's pauses are longer than this.
 */
const DEBOUNCE_MS = 180;

export async function fetchSuggestions(q: string): Promise<Suggestion[]> {
  const { data, error } = await supabase.rpc('search_suggest', { q, row_limit: SUGGESTION_LIMIT });
  if (error) throw error;
  return toSuggestions(data);
}

export const suggestQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.suggest(q),
    queryFn: () => fetchSuggestions(q),
    enabled: q.length >= MIN_SUGGEST_LENGTH,
    // Names change slowly; going back over typed text asks again for nothing.
    staleTime: 60_000,
    // The previous answer stays while the next is read, so the list does not blink per keystroke.
    placeholderData: keepPreviousData,
    // A refusal (429) or a timeout is not worth repeating: the next keystroke asks again.
    retry: false,
  });

/** The suggestions for what is typed, once typing pauses; none under two characters. */
export function useSuggestions(text: string): { suggestions: Suggestion[]; q: string; settled: boolean } {
  const q = normalizeText(useDebouncedValue(text, DEBOUNCE_MS));
  const query = useQuery(suggestQuery(q));
  const typed = normalizeText(text);
  // While typing, the last answer stays up (it is replaced once the pause's answer comes).
  const shown = typed.length >= MIN_SUGGEST_LENGTH && q.length >= MIN_SUGGEST_LENGTH;
  return {
    suggestions: shown ? (query.data ?? []) : [],
    q,
    settled: shown && q === typed && query.isSuccess && !query.isPlaceholderData,
  };
}
