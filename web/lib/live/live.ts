import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { sharedKeys } from '../query-keys.ts';

/**
 * The live site's hooks (issue 20, decision 193). Each opens one channel after first render,
 * through the realtime client loaded on first use (its own chunk: nothing of realtime-js is in a
 * route's initial graph), and closes it when its component goes.
 */
let client: Promise<RealtimeClient> | undefined;
function realtime(): Promise<RealtimeClient> {
  client ??= import('./realtime-client.ts').then((m) => m.createRealtime());
  return client;
}

let counter = 0;

/**
 * Opens a channel on `topic` while it is not null and lets `setup` bind and subscribe it. A topic
 * may be joined once per socket, so shared ones get a suffix; `exact` keeps the name (viewers).
 */
export function useChannel(topic: string | null, setup: (channel: RealtimeChannel) => void, options: { private?: boolean; exact?: boolean } = {}): void {
  const setupRef = useRef(setup);
  setupRef.current = setup;
  const { private: isPrivate = false, exact = false } = options;
  useEffect(() => {
    if (!topic) return;
    let channel: RealtimeChannel | undefined;
    let gone = false;
    void realtime().then((rt) => {
      if (gone) return;
      channel = rt.channel(exact ? topic : `${topic}:${++counter}`, { config: { private: isPrivate } });
      setupRef.current(channel);
    });
    return () => {
      gone = true;
      if (channel) void realtime().then((rt) => rt.removeChannel(channel!));
    };
  }, [topic, isPrivate, exact]);
}

export type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };

/**
 * Refetches the queries under `queryKey` when `table` changes (rows matching `filter`), at most
 * once a second. The notification bell, the admin review queue and Today's launches use it.
 */
export function useLiveInvalidate(table: string | null, queryKey: QueryKey, filter?: string): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useChannel(table ? `live-${table}-${filter ?? 'all'}` : null, (channel) => {
    channel
      .on('postgres_changes', { event: '*', schema: 'public', table: table!, ...(filter ? { filter } : {}) }, () => {
        if (timer.current) return;
        timer.current = setTimeout(() => {
          timer.current = undefined;
          void queryClient.invalidateQueries({ queryKey });
        }, 1000);
      })
      .subscribe();
  });
}

/**
 * Comments others post while the page is open: counted, not shown, until the reader asks
 * ("2 new comments"), so what they are reading does not move.
 */
export function useNewComments(projectId: string, myId: string | undefined): { count: number; reveal: () => void } {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const me = useRef(myId);
  me.current = myId;
  useChannel(`comments-${projectId}`, (channel) => {
    channel
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'project_comments', filter: `project_id=eq.${projectId}` }, (change: Change) => {
        const row = change.new as { id?: string; user_id?: string };
        if (!row.id || row.user_id === me.current) return;
        setFresh((s) => new Set(s).add(row.id!));
      })
      .subscribe();
  });
  return {
    count: fresh.size,
    reveal: () => {
      setFresh(new Set());
      void queryClient.invalidateQueries({ queryKey: sharedKeys.comments(projectId) });
    },
  };
}

/** How many have the page open now, as the server counts them (decision 192); undefined until it says. */
export function useViewingNow(projectId: string): number | undefined {
  const [count, setCount] = useState<number | undefined>(undefined);
  useChannel(`viewers:${projectId}`, (channel) => {
    channel
      .on('broadcast', { event: 'viewing' }, (message: { payload?: { count?: unknown } }) => {
        const n = message.payload?.count;
        if (typeof n === 'number') setCount(n);
      })
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void channel.track({});
      });
  }, { private: true, exact: true });
  return count;
}
