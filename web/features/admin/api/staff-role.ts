/**
 * The caller's role as the database sees it now: the auth feature's hook (one request and one
 * cache entry for the header's Admin link, the guards and the admin pages).
 */
export { useAppRole as useStaffRole, type AppRole as StaffRole } from '../../../lib/session/use-app-role.ts';
