/**
 * npm run admin -- grant <email> | revoke <email> | reset-mfa <email>
 *
 * Makes an account admin (app_metadata.role = 'admin') or takes it back, or removes every
 * two-factor factor of an account whose owner lost their authenticator (decision 231). While a server holds
 * DATA_DIR it goes through that server's admin API (PGlite allows one process per data
 * directory); otherwise, and on Postgres, it opens the database itself.
 */
import { setAdminRole, type RoleChange } from '../server/auth/admin-role.ts';
import { resetTwoFactor } from '../server/auth/mfa.ts';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDatabase } from '../server/db/open.ts';
import { acquireDataDirLock, DataDirLockedError } from '../server/ops/data-dir-lock.ts';
import { runningServer, type RunningHolder } from './server-client.ts';

const USAGE = 'usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>\n       npm run admin -- reset-mfa <email>';

type Command = RoleChange | 'reset-mfa';

async function viaServer(server: RunningHolder, command: Command, email: string): Promise<boolean> {
  const headers = { ...server.headers, 'content-type': 'application/json' };
  const refused = async (res: Response) => new Error(`the server refused: ${res.status} ${await res.text()}`);
  for (let page = 1; ; page++) {
    const res = await fetch(`${server.base}/auth/v1/admin/users?page=${page}&per_page=1000`, { headers, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`the server (process ${server.holder.pid}) refused: ${res.status} ${await res.text()} (is JWT_SECRET the one it runs with?)`);
    const { users } = (await res.json()) as { users: Array<{ id: string; email: string }> };
    const user = users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
    if (user && command === 'reset-mfa') {
      const factorsUrl = `${server.base}/auth/v1/admin/users/${user.id}/factors`;
      const list = await fetch(factorsUrl, { headers });
      if (!list.ok) throw await refused(list);
      for (const factor of (await list.json()) as Array<{ id: string }>) {
        const removed = await fetch(`${factorsUrl}/${factor.id}`, { method: 'DELETE', headers });
        if (!removed.ok) throw await refused(removed);
      }
      return true;
    }
    if (user) {
      const update = await fetch(`${server.base}/auth/v1/admin/users/${user.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ app_metadata: { role: command === 'grant' ? 'admin' : null } }),
      });
      if (!update.ok) throw await refused(update);
      return true;
    }
    if (users.length < 1000) return false;
  }
}

async function viaDatabase(config: Config, command: Command, email: string): Promise<boolean> {
  // Holding the lock keeps a server from opening the directory meanwhile.
  const lock = config.DATABASE_URL ? undefined : acquireDataDirLock(config.DATA_DIR);
  try {
    const db = await openDatabase(config);
    try {
      await migrate(db);
      return command === 'reset-mfa' ? await resetTwoFactor(db, email) : await setAdminRole(db, email, command);
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke' && command !== 'reset-mfa') || !email || rest.length) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const server = config.DATABASE_URL ? undefined : await runningServer(config);
  const found = server ? await viaServer(server, command, email) : await viaDatabase(config, command, email);
  if (!found) {
    console.error(`No account with the e-mail ${email}. Sign up first, then run this again.`);
    process.exit(1);
  }
  const done = { grant: `${email} is now an admin.`, revoke: `${email} is no longer an admin.`, 'reset-mfa': `${email} has no two-factor factor now; they sign in with their password and may enroll again.` };
  console.log(done[command]);
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : `admin: ${(err as Error).message}`);
  process.exit(1);
});
