import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { projectStatsKeys } from './query-keys.ts';

/** One site day of traffic (the roll-up; today from the raw events). */
export interface TrafficDay {
  day: string;
  views: number;
  uniques: number;
  impressions: number;
  live_clicks: number;
  repo_clicks: number;
}

/** A referring site's host, or a utm_source / ref tag: text the visitor's browser chose. */
export interface Referrer {
  kind: 'host' | 'source';
  source: string;
  visits: number;
}

export interface ActivityDay {
  day: string;
  votes: number;
  comments: number;
  followers: number;
}

export interface RankSnapshot {
  at: string;
  /** Null while the day's first hours shuffled the public list. */
  rank: number | null;
  points: number;
  upvotes: number;
  closing: boolean;
}

export interface LaunchNumbers {
  views: number;
  uniques: number;
  live_clicks: number;
  votes: number;
  comments: number;
  points: number;
}

export interface ProjectStatsPage {
  project: { id: string; title: string; launched_at: string | null };
  from_day: string;
  to_day: string;
  days: TrafficDay[];
  referrers: Referrer[];
  activity: ActivityDay[];
  launch: {
    day: string;
    snapshots: RankSnapshot[];
    mine: LaunchNumbers | null;
    /** Null on a day with fewer than 5 launches (it would tell a maker another's numbers). */
    median: (LaunchNumbers & { launches: number }) | null;
  } | null;
}

/** The ranges the page offers, in site days ending today. */
export const STATS_RANGES = { '30 days': 30, '90 days': 90, '1 year': 365 } as const;
export type StatsRange = keyof typeof STATS_RANGES;

/** project_stats_page (db/migrations/0302): the project's makers only; anyone else gets 42501. */
export async function fetchProjectStatsPage(projectId: string, days: number): Promise<ProjectStatsPage> {
  const { data, error } = await supabase.rpc('project_stats_page', { project: projectId, days });
  if (error) throw error;
  return data as ProjectStatsPage;
}

export function useProjectStatsPage(projectId: string, days: number) {
  return useQuery({
    queryKey: projectStatsKeys.page(projectId, days),
    meta: { private: true },
    queryFn: () => fetchProjectStatsPage(projectId, days),
    placeholderData: (previous) => previous,
    retry: (count, error) => (error as { code?: string }).code !== '42501' && count < 2,
  });
}
