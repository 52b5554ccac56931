import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_PROFILE=<file>: a CPU profile of this target from the moment it is ready (boot and seed
 * left out) until it is stopped, for finding where a request's time goes.
 */
export async function profileServing(): Promise<() => Promise<void>> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}
