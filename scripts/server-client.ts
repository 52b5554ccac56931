/**
 * How the command-line tools reach the server that holds DATA_DIR: PGlite allows one process per
 * data directory, so while a server runs, tools go through its HTTP API with the service_role key
 * (the lock file DATA_DIR/server.pid names its port).
 */
import { join } from 'node:path';
import type { Config } from '../server/config.ts';
import { holderAlive, LOCK_FILE, readLock, type LockHolder } from '../server/ops/data-dir-lock.ts';
import { createKeys } from '../server/security/jwt.ts';

export interface RunningHolder {
  holder: LockHolder;
  base: string;
  headers: Record<string, string>;
}

/** The live server holding DATA_DIR, or undefined when none does (then a tool may open it itself). */
export async function runningServer(config: Config): Promise<RunningHolder | undefined> {
  const holder = readLock(config.DATA_DIR);
  if (!holder || !holderAlive(holder, join(config.DATA_DIR, LOCK_FILE))) return undefined;
  if (!holder.port) throw new Error(`the server (process ${holder.pid}) holding ${config.DATA_DIR} is still starting; try again in a moment`);
  const key = (await createKeys(config.JWT_SECRET)).serviceRoleKey;
  return { holder, base: `http://127.0.0.1:${holder.port}`, headers: { apikey: key, authorization: `Bearer ${key}` } };
}
