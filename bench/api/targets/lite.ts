import { seedBulkProjects } from '../../../db/seed/bulk.ts';
import type { Database } from '../../../server/db/database.ts';
import { startLite } from '../../support/lite.ts';
import { profileServing } from '../../support/profile.ts';
import { announce, APPROVED_IDS_SQL, targetEnv } from '../protocol.ts';

/** (b) @supabase/lite over its own database with our migrations and the same generated rows. */
const env = targetEnv();
const lite = await startLite({ jwtSecret: env.jwtSecret, databaseUrl: env.engine === 'postgres' ? env.databaseUrl : undefined });
await seedBulkProjects(lite.database as Database, env.projects);
const rows = await lite.query<{ id: string }>(APPROVED_IDS_SQL);
const stopProfile = await profileServing();
announce({ url: lite.url, projectIds: rows.map((r) => r.id) });
process.on('SIGTERM', () => void stopProfile().then(() => lite.close()).then(() => process.exit(0)));
