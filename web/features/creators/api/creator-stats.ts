import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { creatorKeys } from './query-keys.ts';

export interface CreatorStats {
  joinedAt: string;
  upvotesReceived: number;
  wins: number;
}

/** Joined date, upvotes received on their approved projects (own and co-made) and launch awards. */
export async function fetchCreatorStats(id: string): Promise<CreatorStats | null> {
  const { data, error } = await supabase.rpc('creator_stats', { creator: id }).maybeSingle();
  if (error) throw error;
  const row = data as { joined_at: string; upvotes_received: number; wins: number } | null;
  return row ? { joinedAt: row.joined_at, upvotesReceived: Number(row.upvotes_received), wins: Number(row.wins) } : null;
}

export function useCreatorStats(id: string) {
  return useQuery({ queryKey: creatorKeys.stats(id), queryFn: () => fetchCreatorStats(id) });
}
