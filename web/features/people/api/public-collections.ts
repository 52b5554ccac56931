import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { publicCollectionKeys } from './query-keys.ts';

export interface PublicCollection {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  owner: { id: string; name: string; avatar_url: string | null } | null;
}

const PAGE = 60;

/**
 * /collections: the newest public collections and who made them. Only public ones, even for their
 * owner (RLS would also show a signed-in owner their private ones).
 */
export async function fetchPublicCollections(): Promise<PublicCollection[]> {
  const { data, error } = await supabase
    .from('collections')
    .select('id,owner_id,name,description,created_at')
    .eq('is_public', true)
    .order('created_at', { ascending: false })
    .limit(PAGE);
  if (error) throw error;
  const rows = data as Array<{ id: string; owner_id: string; name: string; description: string | null; created_at: string }>;
  const ownerIds = [...new Set(rows.map((r) => r.owner_id))];
  const owners = new Map<string, { id: string; name: string; avatar_url: string | null }>();
  if (ownerIds.length) {
    const found = await supabase.from('creators').select('id,name,avatar_url').in('id', ownerIds);
    if (found.error) throw found.error;
    for (const o of found.data as Array<{ id: string; name: string; avatar_url: string | null }>) owners.set(o.id, o);
  }
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, created_at: r.created_at, owner: owners.get(r.owner_id) ?? null }));
}

export function usePublicCollections() {
  return useQuery({ queryKey: publicCollectionKeys.list, queryFn: fetchPublicCollections });
}
