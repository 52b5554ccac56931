import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { PAGE_SIZE } from './errors.ts';
import { adminKeys } from './query-keys.ts';

/** A row of the staff audit log (db/migrations/0308; decision 263). RLS lets admins alone read it. */
export interface AuditEntry {
  id: number;
  at: string;
  actor_id: string | null;
  actor_role: 'admin' | 'moderator' | 'operator';
  action: string;
  subject_table: string;
  subject_id: string | null;
  subject_label: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  client_ip: string | null;
  request_id: string | null;
}

export interface AuditActor {
  actor_id: string | null;
  actor_role: AuditEntry['actor_role'];
  email: string | null;
}

/** '' anyone; 'operator' the command line and the service key; otherwise an account id. */
export interface AuditFilters {
  actor: string;
  /** '' any; 'project.' a family; 'project.approve' one action. */
  action: string;
  /** YYYY-MM-DD, inclusive, in the browser's zone; '' unbounded. */
  from: string;
  to: string;
}

/** The actions the database writes, by family, for the filter (labels are the admin's words). */
export const AUDIT_ACTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'project.', label: 'Projects (all)' },
  { value: 'project.approve', label: 'Project approved' },
  { value: 'project.reject', label: 'Project rejected' },
  { value: 'project.remove', label: 'Project removed' },
  { value: 'project.delete', label: 'Project deleted' },
  { value: 'project.feature', label: 'Project featured' },
  { value: 'project.unfeature', label: 'Project unfeatured' },
  { value: 'project.edit', label: 'Project edited' },
  { value: 'comment.', label: 'Comments (all)' },
  { value: 'comment.remove', label: 'Comment removed' },
  { value: 'comment.edit', label: 'Comment edited' },
  { value: 'report.', label: 'Reports (all)' },
  { value: 'report.resolve', label: 'Report resolved' },
  { value: 'report.dismiss', label: 'Report dismissed' },
  { value: 'user.', label: 'Users (all)' },
  { value: 'user.ban', label: 'User banned' },
  { value: 'user.unban', label: 'User unbanned' },
  { value: 'user.set_role', label: 'Role changed' },
  { value: 'user.invite', label: 'User invited' },
  { value: 'user.reset_mfa', label: 'Two-factor reset' },
  { value: 'settings.update', label: 'Settings changed' },
  { value: 'content.', label: 'Content (all)' },
  { value: 'tag.', label: 'Tags (all)' },
  { value: 'votes.', label: 'Votes (all)' },
  { value: 'launches.recompute', label: 'Winners recomputed' },
  { value: 'creator.', label: 'Creators (all)' },
  { value: 'collection.delete', label: 'Collection deleted' },
  { value: 'newsletter.delete', label: 'Subscriber removed' },
  { value: 'maker.remove', label: 'Maker removed' },
];

const COLUMNS = 'id,at,actor_id,actor_role,action,subject_table,subject_id,subject_label,reason,details,client_ip,request_id';

/** The start of a local calendar day, as an instant the database compares with `at`. */
function dayStart(day: string, plusDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
}

export async function fetchAuditLog(filters: AuditFilters, page: number): Promise<{ rows: AuditEntry[]; total: number }> {
  let query = supabase.from('staff_audit_log').select(COLUMNS, { count: 'exact' });
  if (filters.actor === 'operator') query = query.is('actor_id', null);
  else if (filters.actor) query = query.eq('actor_id', filters.actor);
  if (filters.action.endsWith('.')) query = query.like('action', `${filters.action}%`);
  else if (filters.action) query = query.eq('action', filters.action);
  const from = dayStart(filters.from);
  if (from) query = query.gte('at', from);
  const to = dayStart(filters.to, 1);
  if (to) query = query.lt('at', to);
  const { data, error, count } = await query
    .order('at', { ascending: false })
    .order('id', { ascending: false })
    .range(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE - 1);
  if (error) throw error;
  return { rows: (data ?? []) as AuditEntry[], total: count ?? 0 };
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: adminKeys.auditLog(filters.actor, filters.action, filters.from, filters.to, page),
    meta: { private: true },
    placeholderData: keepPreviousData,
    queryFn: () => fetchAuditLog(filters, page),
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: adminKeys.auditActors,
    meta: { private: true },
    queryFn: async (): Promise<AuditActor[]> => {
      const { data, error } = await supabase.rpc('admin_audit_actors');
      if (error) throw error;
      return (data ?? []) as AuditActor[];
    },
  });
}
