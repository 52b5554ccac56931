import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../server/config.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { startServer } from '../../../server/server.ts';
import { profileServing } from '../../support/profile.ts';
import { announce, APPROVED_IDS_SQL, benchPglite, targetEnv } from '../protocol.ts';

/**
 * (a) our server, as `npm start` runs it, in its own process: metrics on (METRICS_TOKEN), logging
 * at the default level, write limits raised so they never refuse.
 */
const env = targetEnv();
const unlimited = '1000000000/60';
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-ours-')),
  JWT_SECRET: env.jwtSecret,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'info',
  METRICS_TOKEN: randomBytes(24).toString('hex'),
  RATE_LIMIT_REST_WRITES: unlimited,
  RATE_LIMIT_VOTES: unlimited,
});
const db = env.engine === 'postgres' ? await openPostgres(env.databaseUrl!) : await benchPglite(env);
// Log lines are formatted as always; stdout belongs to the protocol with the runner.
const server = await startServer(config, { db, log: () => undefined });
const { rows } = await db.query<{ id: string }>(APPROVED_IDS_SQL);
const stopProfile = await profileServing();
// Loopback by address, as the other targets are reached.
announce({ url: server.url.replace('localhost', '127.0.0.1'), projectIds: rows.map((r) => r.id) });
process.on('SIGTERM', () => void stopProfile().then(() => server.close()).then(() => process.exit(0)));
