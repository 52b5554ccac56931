import { Worker } from 'node:worker_threads';

export interface Watchdog {
  stop(): void;
}

/**
 * Runs on a thread of its own: the main thread stamps the time every second, and when no stamp
 * has come for `timeoutMs` (the main thread is stuck, as PGlite is when it spins inside its
 * WebAssembly on a full disk) it writes one line to stderr and kills the process, so that its
 * supervisor (systemd, Docker, Kubernetes) starts a new one. SIGTERM cannot help there: its
 * handler would run on the stuck thread.
 */
const WATCHDOG_THREAD = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const stamp = new BigInt64Array(workerData.shared);
setInterval(() => {
  const silentMs = Date.now() - Number(Atomics.load(stamp, 0));
  if (silentMs < workerData.timeoutMs) return;
  const msg = 'watchdog: the main thread has not answered for ' + Math.round(silentMs / 1000) + ' s; killing process ' + workerData.pid + ' so that its supervisor restarts it';
  const line = workerData.json
    ? JSON.stringify({ level: 50, time: new Date().toISOString(), pid: workerData.pid, msg }) + '\\n'
    : msg + '\\n';
  try { writeSync(2, line); } catch {}
  process.kill(workerData.pid, 'SIGKILL');
}, Math.min(1000, workerData.timeoutMs / 2));
`;

export function startWatchdog(options: { timeoutMs: number; json: boolean }): Watchdog {
  const shared = new SharedArrayBuffer(8);
  const stamp = new BigInt64Array(shared);
  const beat = () => Atomics.store(stamp, 0, BigInt(Date.now()));
  beat();
  const timer = setInterval(beat, Math.min(1000, options.timeoutMs / 4));
  timer.unref();
  const worker = new Worker(WATCHDOG_THREAD, {
    eval: true,
    // Plain JavaScript: no loader flags of the main thread (tsx), whose hooks need that thread.
    execArgv: [],
    workerData: { shared, timeoutMs: options.timeoutMs, pid: process.pid, json: options.json },
  });
  // The watchdog never keeps the process alive by itself.
  worker.unref();
  return {
    stop() {
      clearInterval(timer);
      void worker.terminate();
    },
  };
}
