import { useQuery } from '@tanstack/react-query';
import { HOME_LAUNCHES_ROWS, homeLaunchesRequest, LEADERBOARD_ROWS } from '../../../../domain/first-screen.ts';
import { IMAGE_SIZE_FOR } from '../../../../domain/image-sizes.ts';
import { takePrimedJson } from '../../../lib/first-screen.ts';
import { supabase } from '../../../lib/supabase.ts';
import { projectImageUrl } from '../../projects/index.ts';
import type { SqlPeriod } from '../../../../domain/launch-periods.ts';
import { launchKeys } from './query-keys.ts';

/** A leaderboard row (db/migrations/0161, launch_leaderboard). */
export interface LaunchRow {
  rank: number | null;
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  tool: string;
  category: string;
  creator_id: string;
  creator_name: string | null;
  upvotes: number;
  points: number;
  launched_at: string;
  award: string | null;
  shuffled: boolean;
  /** Added by db/migrations/0270. */
  comment_count: number;
  tools: string[];
}

export interface HomeLaunches {
  today: string;
  time_zone: string;
  launches: LaunchRow[];
  yesterday: LaunchRow[];
  upcoming: number;
}

export interface UpcomingRow {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  tool: string;
  category: string;
  creator_id: string;
  creator_name: string | null;
  launch_date: string | null;
  launched_at: string;
}

export interface WinnerRow {
  period: SqlPeriod;
  period_start: string;
  rank: number;
  award: string;
  project_id: string;
  title: string;
  description: string;
  image_url: string | null;
  tool: string;
  creator_name: string | null;
  upvotes: number;
}

export const thumb = (url: string | null) => projectImageUrl(url, IMAGE_SIZE_FOR.row);

export function useHomeLaunches() {
  return useQuery({
    queryKey: launchKeys.home,
    // The section has no skeleton (its height depends on the day): from the page's data it is
    // drawn on the first render, so nothing below it moves (issue 21).
    initialData: () => takePrimedJson<HomeLaunches>(homeLaunchesRequest()),
    queryFn: async () => {
      // A GET, so a fresh load of / takes the answer from the page (decision 201).
      const { data, error } = await supabase.rpc('home_launches', { max_rows: HOME_LAUNCHES_ROWS }, { get: true });
      if (error) throw error;
      return data as HomeLaunches;
    },
  });
}

export function useLeaderboard(period: SqlPeriod, start: string, enabled = true) {
  return useQuery({
    queryKey: launchKeys.leaderboard(period, start),
    enabled,
    queryFn: async () => {
      const { data, error } = await supabase.rpc('launch_leaderboard', { period, period_start: start, max_rows: LEADERBOARD_ROWS });
      if (error) throw error;
      return data as LaunchRow[];
    },
  });
}

/** Rows of a public view, in the given order: the upcoming list and the winners list are this. */
function useViewRows<Row>(queryKey: readonly unknown[], view: string, columns: string, order: ReadonlyArray<readonly [string, boolean]>, limit: number) {
  return useQuery({
    queryKey,
    queryFn: async () => {
      let query = supabase.from(view).select(columns);
      for (const [column, ascending] of order) query = query.order(column, { ascending });
      const { data, error } = await query.limit(limit);
      if (error) throw error;
      return data as unknown as Row[];
    },
  });
}

export const useUpcoming = () =>
  useViewRows<UpcomingRow>(
    launchKeys.upcoming,
    'upcoming_projects',
    'id,title,description,image_url,tool,category,creator_id,creator_name,launch_date,launched_at',
    [['launched_at', true], ['id', true]],
    200,
  );

export const useWinners = () =>
  useViewRows<WinnerRow>(
    launchKeys.winners,
    'launch_winner_cards',
    'period,period_start,rank,award,project_id,title,description,image_url,tool,creator_name,upvotes',
    [['period_start', false], ['period', true], ['rank', true]],
    150,
  );
