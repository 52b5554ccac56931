import { Link } from 'react-router-dom';
import { useLiveInvalidate } from '../../../lib/live/live.ts';
import { useHomeLaunches, useLeaderboard } from '../api/get-launches.ts';
import { launchKeys } from '../api/query-keys.ts';

/**
 * A maker's own launch on My Projects (issue 30): where it stands in today's list, live. Nothing for
 * a project not in today's list; during the first hours' shuffle (decision 161) it says so instead.
 */
export default function LiveRank({ projectId }: { projectId: string }) {
  const home = useHomeLaunches();
  const today = home.data?.today ?? '';
  const board = useLeaderboard('day', today, today !== '');
  useLiveInvalidate(today ? 'projects' : null, launchKeys.leaderboard('day', today));
  const row = board.data?.find((r) => r.id === projectId);
  if (!row) return null;
  return (
    <p className="text-sm font-medium text-primary" data-testid="live-rank">
      <Link to={`/leaderboard/daily/${today}`} className="hover:underline">
        {row.rank === null
          ? 'Launching today: the list is shuffled until 04:00, then ranked live'
          : `#${row.rank} of ${board.data!.length} in today's launches (live)`}
      </Link>
    </p>
  );
}
