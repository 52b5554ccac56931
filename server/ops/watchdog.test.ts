import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs a small program that starts the watchdog and then does `work` on its main thread. */
function runWithWatchdog(work: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; ms: number }> {
  const program = `import { startWatchdog } from './server/ops/watchdog.ts';
const dog = startWatchdog({ timeoutMs: 1000, json: false });
${work}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr, ms: performance.now() - started })));
}

describe('watchdog', () => {
  it('kills a process whose main thread is stuck, with one clear line, where SIGTERM could not help', async () => {
    // A main thread spinning for 30 s, as PGlite spins inside its WebAssembly on a full disk.
    const result = await runWithWatchdog('setTimeout(() => { const end = Date.now() + 30_000; while (Date.now() < end) {} }, 200);');
    expect(result.signal).toBe('SIGKILL');
    expect(result.stderr).toMatch(/^watchdog: the main thread has not answered for \d+ s; killing process \d+ so that its supervisor restarts it$/m);
    expect(result.ms).toBeLessThan(15_000);
  }, 40_000);

  it('leaves a responsive process alone, and never keeps it alive by itself', async () => {
    const result = await runWithWatchdog('setTimeout(() => {}, 2500);');
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(result.stderr).not.toContain('watchdog');
  }, 40_000);
});
