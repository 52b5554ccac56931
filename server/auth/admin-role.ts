import type { Queryable } from '../db/database.ts';
import { normaliseEmail } from './users.ts';

export type RoleChange = 'grant' | 'revoke';

/**
 * Sets or removes app_metadata.role = 'admin' for the account with this e-mail (the first admin
 * has nobody to promote them). Returns false when there is no such account.
 */
export async function setAdminRole(db: Queryable, email: string, change: RoleChange): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth.users
        set raw_app_meta_data = case when $2 then raw_app_meta_data || '{"role":"admin"}'::jsonb
                                     else raw_app_meta_data - 'role' end,
            updated_at = now()
      where lower(email) = $1 and deleted_at is null`,
    [normaliseEmail(email), change === 'grant'],
  );
  return rowCount > 0;
}
