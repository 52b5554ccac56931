import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isUuid } from '../../../../domain/ids.ts';
import { PEOPLE_LIST_PAGE_SIZE } from '../../../../domain/people.ts';
import { supabase } from '../../../lib/supabase.ts';
import { peopleKeys } from './query-keys.ts';
import { LISTING_COLUMNS, toProject, type Project, type ProjectRow } from '../../projects/index.ts';

/**
 * Follows, bookmarks and collections (issue 18) through the data API: RLS decides who reads and
 * writes what (db/migrations/0181, 0182); the database's errors are shown as they come.
 */

// Follows ---------------------------------------------------------------------------------------
export function useFollowCounts(makerId: string) {
  return useQuery({
    queryKey: peopleKeys.followCounts(makerId),
    queryFn: async () => {
      const { data, error } = await supabase.rpc('creator_follow_counts', { creator: makerId }).single();
      if (error) throw error;
      return data as { followers: number; following: number };
    },
  });
}

export function useIsFollowing(userId: string | null, makerId: string) {
  return useQuery({
    queryKey: peopleKeys.followsMine(userId, makerId),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data, error } = await supabase.from('follows').select('followee_id').eq('follower_id', userId!).eq('followee_id', makerId).maybeSingle();
      if (error) throw error;
      return Boolean(data);
    },
  });
}

export function useToggleFollow(makerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ following }: { following: boolean }) => {
      const { error } = following
        ? await supabase.from('follows').delete().eq('followee_id', makerId)
        : await supabase.from('follows').insert({ followee_id: makerId });
      if (error) throw error;
      return !following;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.follows }),
  });
}

// Mutes (decision 229): a member whose mentions no longer notify the muter. RLS shows and
// changes only the muter's own rows; the muted member never learns of it.
export function useIsMuted(userId: string | null, memberId: string) {
  return useQuery({
    queryKey: peopleKeys.muteMine(userId, memberId),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data, error } = await supabase.from('user_mutes').select('muted_id').eq('user_id', userId!).eq('muted_id', memberId).maybeSingle();
      if (error) throw error;
      return Boolean(data);
    },
  });
}

export function useToggleMute(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ muted }: { muted: boolean }) => {
      const { error } = muted ? await supabase.from('user_mutes').delete().eq('muted_id', memberId) : await supabase.from('user_mutes').insert({ muted_id: memberId });
      if (error) throw error;
      return !muted;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.mutes }),
  });
}

export async function fetchFollowingProjects(page: number): Promise<{ projects: Project[]; hasMore: boolean }> {
  const { data, error } = await supabase.rpc('following_projects', { page_size: PEOPLE_LIST_PAGE_SIZE + 1, page_offset: page * PEOPLE_LIST_PAGE_SIZE });
  if (error) throw error;
  const rows = data as ProjectRow[];
  return { projects: rows.slice(0, PEOPLE_LIST_PAGE_SIZE).map(toProject), hasMore: rows.length > PEOPLE_LIST_PAGE_SIZE };
}

export function useFollowedMakers(userId: string | null) {
  return useQuery({
    queryKey: peopleKeys.followedMakers(userId),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('follows')
        .select('followee_id, creators(id, name)')
        .eq('follower_id', userId!)
        .order('created_at', { ascending: false })
        .limit(100);
      if (error) throw error;
      return (data as unknown as { followee_id: string; creators: { id: string; name: string } | null }[]).map((f) => ({ id: f.followee_id, name: f.creators?.name ?? 'Unknown' }));
    },
  });
}

// Bookmarks -------------------------------------------------------------------------------------
export function useIsBookmarked(userId: string | null, projectId: string) {
  return useQuery({
    queryKey: peopleKeys.bookmarkOne(userId, projectId),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data, error } = await supabase.from('bookmarks').select('project_id').eq('user_id', userId!).eq('project_id', projectId).maybeSingle();
      if (error) throw error;
      return Boolean(data);
    },
  });
}

export function useToggleBookmark(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookmarked }: { bookmarked: boolean }) => {
      const { error } = bookmarked
        ? await supabase.from('bookmarks').delete().eq('project_id', projectId)
        : await supabase.from('bookmarks').insert({ project_id: projectId });
      if (error) throw error;
      return !bookmarked;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.bookmarks }),
  });
}

/** Projects by id, as cards, in the order of `ids` (those the reader cannot see drop out). */
async function projectsByIds(ids: string[]): Promise<Project[]> {
  if (!ids.length) return [];
  const { data, error } = await supabase.from('project_listing').select(LISTING_COLUMNS).in('id', ids);
  if (error) throw error;
  const byId = new Map((data as unknown as ProjectRow[]).map((r) => [r.id, toProject(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function fetchBookmarks(page: number): Promise<{ projects: Project[]; hasMore: boolean }> {
  const from = page * PEOPLE_LIST_PAGE_SIZE;
  const { data, error } = await supabase
    .from('bookmarks')
    .select('project_id')
    .order('created_at', { ascending: false })
    .order('project_id', { ascending: true })
    .range(from, from + PEOPLE_LIST_PAGE_SIZE);
  if (error) throw error;
  const ids = (data as { project_id: string }[]).map((b) => b.project_id);
  return { projects: await projectsByIds(ids.slice(0, PEOPLE_LIST_PAGE_SIZE)), hasMore: ids.length > PEOPLE_LIST_PAGE_SIZE };
}

// Collections -----------------------------------------------------------------------------------
export interface Collection {
  id: string;
  owner_id: string;
  name: string;
  description: string | null;
  is_public: boolean;
  created_at: string;
}

const COLLECTION_COLUMNS = 'id,owner_id,name,description,is_public,created_at';

export function useCollectionsOf(ownerId: string | null, options: { publicOnly?: boolean } = {}) {
  return useQuery({
    queryKey: peopleKeys.collectionsOf(ownerId, Boolean(options.publicOnly)),
    enabled: Boolean(ownerId),
    queryFn: async () => {
      let query = supabase.from('collections').select(COLLECTION_COLUMNS).eq('owner_id', ownerId!);
      if (options.publicOnly) query = query.eq('is_public', true);
      const { data, error } = await query.order('created_at', { ascending: false }).limit(100);
      if (error) throw error;
      return data as Collection[];
    },
  });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; description?: string; is_public: boolean }) => {
      const { data, error } = await supabase.from('collections').insert(input).select(COLLECTION_COLUMNS).single();
      if (error) throw error;
      return data as Collection;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.collections }),
  });
}

export function useUpdateCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Partial<Pick<Collection, 'name' | 'description' | 'is_public'>>) => {
      const { data, error } = await supabase.from('collections').update(input).eq('id', id).select(COLLECTION_COLUMNS).single();
      if (error) throw error;
      return data as Collection;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.collections }),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('collections').delete().eq('id', id);
      if (error) throw error;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.collections }),
  });
}

/** Which of the given collections (the reader's own) hold a project. */
export function useCollectionsHolding(collectionIds: string[], projectId: string) {
  return useQuery({
    queryKey: peopleKeys.collectionsHolding(projectId, collectionIds),
    enabled: collectionIds.length > 0,
    queryFn: async () => {
      const { data, error } = await supabase.from('collection_items').select('collection_id').eq('project_id', projectId).in('collection_id', collectionIds);
      if (error) throw error;
      return (data as { collection_id: string }[]).map((i) => i.collection_id);
    },
  });
}

export function useToggleCollectionItem(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ collectionId, included }: { collectionId: string; included: boolean }) => {
      const { error } = included
        ? await supabase.from('collection_items').delete().eq('collection_id', collectionId).eq('project_id', projectId)
        : await supabase.from('collection_items').insert({ collection_id: collectionId, project_id: projectId });
      if (error) throw error;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.collections }),
  });
}

export async function fetchCollection(id: string): Promise<{ collection: Collection; ownerName: string | null } | null> {
  if (!isUuid(id)) return null;
  const { data, error } = await supabase.from('collections').select(COLLECTION_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const collection = data as Collection;
  const owner = await supabase.from('creators').select('name').eq('id', collection.owner_id).maybeSingle();
  return { collection, ownerName: (owner.data as { name: string } | null)?.name ?? null };
}

export async function fetchCollectionProjects(id: string, page: number): Promise<{ projects: Project[]; hasMore: boolean }> {
  const from = page * PEOPLE_LIST_PAGE_SIZE;
  const { data, error } = await supabase
    .from('collection_items')
    .select('project_id')
    .eq('collection_id', id)
    .order('added_at', { ascending: false })
    .order('project_id', { ascending: true })
    .range(from, from + PEOPLE_LIST_PAGE_SIZE);
  if (error) throw error;
  const ids = (data as { project_id: string }[]).map((b) => b.project_id);
  return { projects: await projectsByIds(ids.slice(0, PEOPLE_LIST_PAGE_SIZE)), hasMore: ids.length > PEOPLE_LIST_PAGE_SIZE };
}

// Co-makers ---------------------------------------------------------------------------------------
export interface ProjectMaker {
  user_id: string;
  role: 'owner' | 'maker';
  name: string;
}

export function useProjectMakers(projectId: string) {
  return useQuery({
    queryKey: peopleKeys.projectMakers(projectId),
    queryFn: async () => {
      const { data, error } = await supabase.from('project_makers').select('user_id,role,created_at,creators(name)').eq('project_id', projectId).order('created_at', { ascending: true }).limit(50);
      if (error) throw error;
      return (data as unknown as { user_id: string; role: ProjectMaker['role']; creators: { name: string } | null }[]).map((m) => ({
        user_id: m.user_id,
        role: m.role,
        name: m.creators?.name ?? 'Unknown',
      }));
    },
  });
}

export function useProjectInvitations(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.projectInvitations(projectId),
    enabled,
    queryFn: async () => {
      const { data, error } = await supabase.rpc('project_invitations', { project: projectId });
      if (error) throw error;
      return data as { id: string; email: string; created_at: string }[];
    },
  });
}

export function useMakersMutation<T>(projectId: string, run: (input: T) => PromiseLike<{ error: unknown }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const { error } = await run(input);
      if (error) throw error;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.projectMakers(projectId) });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.myProjects });
    },
  });
}

export const invite = (projectId: string) => (email: string) => supabase.rpc('invite_comaker', { project: projectId, email });
export const cancelInvitation = (id: string) => supabase.rpc('cancel_invitation', { invitation: id });
export const removeMaker = (projectId: string) => (userId: string) => supabase.from('project_makers').delete().eq('project_id', projectId).eq('user_id', userId);

export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }) => {
      const { error } = await supabase.rpc('respond_to_invitation', { invitation: id, accept });
      if (error) throw error;
      return accept;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.invitations });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.makers });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.myProjects });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.notifications });
    },
  });
}
