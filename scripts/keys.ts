/** npm run keys: the URL and the API keys for this DATA_DIR / JWT_SECRET. */
import { ConfigError, loadConfig } from '../server/config.ts';
import { createKeys } from '../server/security/jwt.ts';

try {
  const config = loadConfig();
  const keys = await createKeys(config.JWT_SECRET);
  console.log(`URL:              ${config.SITE_URL}`);
  console.log(`anon key:         ${keys.anonKey}`);
  console.log(`service_role key: ${keys.serviceRoleKey}`);
  console.log('\nThe service_role key bypasses Row Level Security: keep it on the server, never in a browser.');
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
