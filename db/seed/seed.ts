import type { ServerContext } from '../../server/context.ts';

/** Fills an empty database with demo content; returns a log line when it did something. */
export async function seedDemoData(_ctx: ServerContext): Promise<string | undefined> {
  return undefined;
}
