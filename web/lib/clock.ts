import { useSyncExternalStore } from 'react';
import { serverRender } from './render-context.ts';

/**
 * "Now" for text drawn from the clock ("launched 3 min ago", "Scheduled", the footer's year).
 *
 * A page the server drew (decision 203) is adopted by a render that must draw the same text, so
 * that render reads the instant the server drew at, not the browser's clock (seconds later, and
 * perhaps skewed); the browser's own clock follows at once, and moves on every half minute.
 */

const TICK_MS = 30_000;

let browserNow = Date.now();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function tick() {
  browserNow = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // React compares the snapshot again once subscribed: a clock read long ago is brought up to date.
  browserNow = Date.now();
  ticker ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/** In the browser: the instant the server drew this page at, for the render that adopts it. */
let drawnAt: number | undefined;

/** The browser adopts a page the server drew at `instant`. */
export function adoptServerClock(instant: number): void {
  drawnAt = instant;
}

const getSnapshot = () => browserNow;
// The server render exists only in the SSR build: the browser's bundle has none of it.
const getServerSnapshot = () => (import.meta.env.SSR ? serverRender()?.drawnAt : undefined) ?? drawnAt ?? browserNow;

/** Milliseconds since the epoch, the same in the server's drawing and the render that adopts it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
