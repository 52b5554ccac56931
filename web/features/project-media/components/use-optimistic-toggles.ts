import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Checkboxes that tick at once (issue 30 L5). A click shows its new state immediately; the write
 * follows. Clicks made while a write is on its way only change what is wanted: when the write
 * lands, one more write is sent if the wanted state differs, so a quick second click never ends
 * in the wrong state. A failed write puts the box back to what the server holds and says why.
 */
export function useOptimisticToggles(
  serverOn: readonly string[],
  write: (key: string, turnOn: boolean) => Promise<{ message?: string } | null>,
  onFailure: (error: { message?: string }) => void,
  onSettled: () => void,
) {
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  const wantedRef = useRef<Record<string, boolean>>({});
  const busy = useRef(new Set<string>());
  const server = new Set(serverOn);

  const isOn = (key: string) => wanted[key] ?? server.has(key);

  const setWant = (key: string, value: boolean | undefined) => {
    const next = { ...wantedRef.current };
    if (value === undefined) delete next[key];
    else next[key] = value;
    wantedRef.current = next;
    setWanted(next);
  };

  const run = useCallback(
    async (key: string, startOn: boolean) => {
      busy.current.add(key);
      let held = startOn;
      try {
        for (;;) {
          const want = wantedRef.current[key];
          if (want === undefined || want === held) break;
          const error = await write(key, want);
          if (error) {
            setWant(key, undefined);
            onFailure(error);
            return;
          }
          held = want;
        }
      } finally {
        busy.current.delete(key);
        onSettled();
      }
    },
    [write, onFailure, onSettled],
  );

  const toggle = (key: string) => {
    const current = isOn(key);
    setWant(key, !current);
    if (!busy.current.has(key)) void run(key, server.has(key));
  };

  // Once the server's list agrees with what was wanted, the override is no longer needed.
  const serverKey = [...serverOn].sort().join('\n');
  useEffect(() => {
    const now = new Set(serverKey ? serverKey.split('\n') : []);
    const keep = Object.fromEntries(Object.entries(wantedRef.current).filter(([k, v]) => busy.current.has(k) || now.has(k) !== v));
    if (Object.keys(keep).length !== Object.keys(wantedRef.current).length) {
      wantedRef.current = keep;
      setWanted(keep);
    }
  }, [serverKey]);

  return { isOn, toggle, count: (keys: readonly string[]) => keys.filter(isOn).length };
}
