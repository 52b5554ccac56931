import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (the address bar, the pointer), read during render. The server's
 * drawing of a page (decision 203) and the render that adopts it use `serverValue`; the browser's
 * value follows at once, so both renders draw the same HTML.
 */
export function useBrowserValue<T extends string | boolean | null>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}
