import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../domain/messages.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { toggleVote } from './api/toggle-vote.ts';
import type { Project } from './api/types.ts';
import { readUpvoted, setUpvoted } from './upvote-store.ts';

/**
 * One click toggles: the count moves by one at once, then shows the database's answer; a
 * failure puts both the count and the upvoted mark back and says so.
 */
export function useUpvote(projectId: string, serverCount: number) {
  const queryClient = useQueryClient();
  const [upvoted, setUpvotedState] = useState(() => readUpvoted().has(projectId));
  const [count, setCount] = useState(serverCount);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (!busy.current) setCount(serverCount);
  }, [serverCount]);
  useEffect(() => {
    setUpvotedState(readUpvoted().has(projectId));
  }, [projectId]);

  function patchCaches(upvotes: number) {
    queryClient.setQueriesData<unknown>({ queryKey: ['projects'] }, (old: unknown) => patch(old, projectId, upvotes));
  }

  async function toggle() {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const before = { upvoted, count };
    const next = !upvoted;
    setUpvotedState(next);
    setCount(Math.max(0, count + (next ? 1 : -1)));
    setUpvoted(projectId, next);
    try {
      // The database's answer wins, including whether this voter's vote is now on or off.
      const answer = await toggleVote(projectId);
      setCount(answer.upvotes);
      setUpvotedState(answer.upvoted);
      setUpvoted(projectId, answer.upvoted);
      patchCaches(answer.upvotes);
    } catch {
      setUpvotedState(before.upvoted);
      setCount(before.count);
      setUpvoted(projectId, before.upvoted);
      toast({ variant: 'destructive', ...MESSAGES.upvoteFailure });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return { upvoted, count, pending, toggle };
}

/** Replaces the upvote count of one project wherever it sits in a cached value. */
function patch(value: unknown, id: string, upvotes: number): unknown {
  if (Array.isArray(value)) return value.map((v) => patch(v, id, upvotes));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (obj.id === id && 'upvotes' in obj && 'title' in obj) return { ...obj, upvotes } satisfies Partial<Project>;
    if ('projects' in obj) return { ...obj, projects: patch(obj.projects, id, upvotes) };
  }
  return value;
}
