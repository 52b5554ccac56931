import { useQuery } from '@tanstack/react-query';
import { HOME_LAUNCHES_ROWS, homeLaunchesRequest } from '../../../domain/first-screen.ts';
import { IMAGE_SIZE_FOR } from '../../../domain/image-sizes.ts';
import { takePrimedJson } from '../../lib/first-screen.ts';
import { supabase } from '../../lib/supabase.ts';
import { projectImageUrl } from '../projects/index.ts';
import type { SqlPeriod } from '../../../domain/launch-periods.ts';

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
    queryKey: ['launches', 'home'],
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

export function useLeaderboard(period: SqlPeriod, start: string) {
  return useQuery({
    queryKey: ['launches', 'leaderboard', period, start],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('launch_leaderboard', { period, period_start: start, max_rows: 100 });
      if (error) throw error;
      return data as LaunchRow[];
    },
  });
}

export function useUpcoming() {
  return useQuery({
    queryKey: ['launches', 'upcoming'],
    queryFn: async () => {
      const { data, error } = await supabase
        .from('upcoming_projects')
        .select('id,title,description,image_url,tool,category,creator_id,creator_name,launch_date,launched_at')
        .order('launched_at', { ascending: true })
        .order('id')
        .limit(200);
      if (error) throw error;
      return data as UpcomingRow[];
    },
  });
}

export function useWinners() {
  return useQuery({
    queryKey: ['launches', 'winners'],
    queryFn: async () => {
      const { data, error } = await supabase
        .from('launch_winner_cards')
        .select('period,period_start,rank,award,project_id,title,description,image_url,tool,creator_name,upvotes')
        .order('period_start', { ascending: false })
        .order('period')
        .order('rank')
        .limit(150);
      if (error) throw error;
      return data as WinnerRow[];
    },
  });
}
