/**
 * npm run backup -- <file>
 *
 * Writes a backup of the running server's data (PGlite database, stored files, JWT secret) to
 * <file>, through the server (POST /ops/v1/backup with the service_role key), so the server keeps
 * serving meanwhile. On Postgres, back the database up with pg_dump; the file then holds the
 * stored files only. Restore with npm run restore.
 */
import { createWriteStream, renameSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError, loadConfig } from '../server/config.ts';
import { createKeys } from '../server/security/jwt.ts';
import { runningServer } from './server-client.ts';

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length) {
    console.error('usage: npm run backup -- <file.tar.gz>');
    process.exit(2);
  }
  const config = loadConfig();
  const holder = await runningServer(config);
  // On Postgres no lock names the server: it is the one on PORT.
  const base = holder?.base ?? `http://127.0.0.1:${config.PORT}`;
  const key = (await createKeys(config.JWT_SECRET)).serviceRoleKey;
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(`${base}/ops/v1/backup`, { method: 'POST', headers: { apikey: key, authorization: `Bearer ${key}` } });
  } catch {
    throw new Error(`no server answers at ${base}: start it (npm start), backups go through the running server`);
  }
  if (!res.ok || !res.body) throw new Error(`the server refused the backup: ${res.status} ${await res.text()}`);
  // Written beside the target and renamed when complete, so a failed backup never looks whole.
  const partial = `${file}.partial`;
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(partial, { mode: 0o600 }));
  renameSync(partial, file);
  const bytes = statSync(file).size;
  console.log(`backup written to ${file}: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (config.DATABASE_URL) console.log('The database is on Postgres: back it up with pg_dump (see the README).');
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `backup: ${(err as Error).message}`);
  process.exit(1);
});
