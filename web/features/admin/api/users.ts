import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { adminKeys } from './query-keys.ts';
import { PAGE_SIZE } from './errors.ts';

/** The admin user row (SPEC §3), from admin_list_users(). */
export interface AdminUser {
  id: string;
  email: string;
  role: 'user' | 'moderator' | 'admin';
  created_at: string;
  last_sign_in_at: string | null;
  is_banned: boolean;
  name: string;
  bio: string | null;
  avatar_url: string | null;
  total_count: number;
}

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(search, page),
    meta: { private: true },
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { data, error } = await supabase.rpc('admin_list_users', {
        search: search.trim().slice(0, 200),
        max_rows: PAGE_SIZE,
        skip_rows: page * PAGE_SIZE,
      });
      if (error) {
        console.error('Error fetching users', error);
        throw error;
      }
      const rows = (data ?? []) as AdminUser[];
      return { rows, total: rows[0]?.total_count ?? 0 };
    },
  });
}

function useUsersMutation<V>(fn: (v: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

export function useSetUserRole() {
  return useUsersMutation(async ({ userId, role }: { userId: string; role: AdminUser['role'] }) => {
    const { error } = await supabase.rpc('set_user_role', { user_id: userId, new_role: role });
    if (error) throw error;
  });
}

export function useSetUserBan() {
  return useUsersMutation(async ({ userId, banned }: { userId: string; banned: boolean }) => {
    const { error } = await supabase.rpc('set_user_ban', { user_id: userId, banned });
    if (error) throw error;
  });
}

/** The invitation e-mail needs the service role, so it is a server-side function. */
export function useInviteUser() {
  return useUsersMutation(async ({ email }: { email: string }) => {
    const { error } = await supabase.functions.invoke('admin-invite-user', { body: { email } });
    if (error) throw await functionError(error);
  });
}

/** supabase-js wraps a function's JSON error body in error.context (the Response). */
export async function functionError(error: unknown): Promise<Error> {
  const context = (error as { context?: Response }).context;
  if (context && typeof context.json === 'function') {
    try {
      const body = (await context.json()) as { message?: string; error?: string };
      return new Error(body.message ?? body.error ?? 'Request failed');
    } catch {
      // Not JSON: fall through to the generic error.
    }
  }
  return error instanceof Error ? error : new Error('Request failed');
}
