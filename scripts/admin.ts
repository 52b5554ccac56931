/**
 * npm run admin -- grant <email> | revoke <email>
 *
 * Makes an account admin (app_metadata.role = 'admin') or takes it back. When the server is running
 * it goes through the server's admin API (PGlite allows one process per data directory);
 * otherwise it opens the database itself.
 */
import { setAdminRole, type RoleChange } from '../server/auth/admin-role.ts';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDatabase } from '../server/db/open.ts';
import { createKeys } from '../server/security/jwt.ts';

const USAGE = 'usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

async function viaServer(config: Config, change: RoleChange, email: string): Promise<boolean | undefined> {
  const base = `http://127.0.0.1:${config.PORT}/auth/v1`;
  const key = (await createKeys(config.JWT_SECRET)).serviceRoleKey;
  const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  try {
    for (let page = 1; ; page++) {
      const res = await fetch(`${base}/admin/users?page=${page}&per_page=1000`, { headers, signal: AbortSignal.timeout(5000) });
      if (!res.ok) return undefined; // not our server, or another secret: fall back to the database
      const { users } = (await res.json()) as { users: Array<{ id: string; email: string; app_metadata: Record<string, unknown> }> };
      const user = users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
      if (user) {
        const update = await fetch(`${base}/admin/users/${user.id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ app_metadata: { role: change === 'grant' ? 'admin' : null } }),
        });
        if (!update.ok) throw new Error(`the server refused the update: ${update.status} ${await update.text()}`);
        return true;
      }
      if (users.length < 1000) return false;
    }
  } catch (err) {
    if ((err as Error).message.startsWith('the server refused')) throw err;
    return undefined; // nothing listening
  }
}

async function viaDatabase(config: Config, change: RoleChange, email: string): Promise<boolean> {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    return await setAdminRole(db, email, change);
  } finally {
    await db.close();
  }
}

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const found = (await viaServer(config, command, email)) ?? (await viaDatabase(config, command, email));
  if (!found) {
    console.error(`No account with the e-mail ${email}. Sign up first, then run this again.`);
    process.exit(1);
  }
  console.log(command === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `admin: ${(err as Error).message}`);
  process.exit(1);
});
