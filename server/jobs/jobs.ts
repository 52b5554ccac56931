import type { ServerContext } from '../context.ts';
import { assembleDigestsJob } from './assemble-digests.ts';
import { checkpointPgliteJob } from './checkpoint-pglite.ts';
import { drainOutboxJob } from './drain-email-outbox.ts';
import { drawPreviewsJob } from './draw-previews.ts';
import { countAgedVotesJob } from './count-aged-votes.ts';
import { expireVoteNetworksJob } from './expire-vote-networks.ts';
import { launchWinnersJob } from './launch-winners.ts';
import { purgeAnalyticsJob } from './purge-analytics.ts';
import { purgeAnonymousUsersJob } from './purge-anonymous-users.ts';
import { purgeRateLimitsJob } from './purge-rate-limits.ts';
import { purgeRealtimeChangesJob } from './purge-realtime-changes.ts';
import { purgeStaffAuditLogJob } from './purge-staff-audit-log.ts';
import { rollUpAnalyticsJob } from './roll-up-analytics.ts';
import { rotateAnalyticsSaltJob } from './rotate-analytics-salt.ts';
import type { Job } from './scheduler.ts';
import { sweepOrphanFilesJob } from './sweep-orphan-files.ts';
import { takeRankSnapshotsJob } from './take-rank-snapshots.ts';
import { takeBackupJob } from './take-backup.ts';

/**
 * Every timed job of the product, in the order a tick runs them: the one list (a job of any
 * capability is written in server/jobs/ and registered here, never scheduled elsewhere).
 */
export function productJobs(ctx: Pick<ServerContext, 'db' | 'storage' | 'config' | 'outbox' | 'previews' | 'logger'>): Job[] {
  const jobs = [
    purgeRateLimitsJob(ctx.db),
    purgeAnonymousUsersJob(ctx.db, ctx.config),
    expireVoteNetworksJob(ctx.db),
    countAgedVotesJob(ctx.db),
    launchWinnersJob(ctx.db),
    takeRankSnapshotsJob(ctx.db),
    drawPreviewsJob(ctx.previews),
    purgeRealtimeChangesJob(ctx.db),
    rotateAnalyticsSaltJob(ctx.db),
    rollUpAnalyticsJob(ctx.db),
    purgeAnalyticsJob(ctx.db, ctx.config),
    purgeStaffAuditLogJob(ctx.db),
    assembleDigestsJob(ctx.db),
    drainOutboxJob(ctx.outbox),
    sweepOrphanFilesJob(ctx),
    checkpointPgliteJob(ctx.db),
    takeBackupJob(ctx),
  ];
  return jobs.filter((job): job is Job => job !== undefined);
}
