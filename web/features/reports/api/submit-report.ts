import { supabase } from '../../../lib/supabase.ts';

export type ReportTarget = 'comment' | 'project' | 'user';

/** The reasons offered in the Report dialog; the database accepts any 1-500 character reason. */
export const REPORT_REASONS = ['Spam', 'Inappropriate or offensive', 'Harassment', 'Misleading or broken link', 'Other'] as const;

/**
 * Files a report as the signed-in user. The database fills in the reporter and the item's label
 * (never the client) and keeps one open report per person and item.
 */
export async function submitReport(input: { type: ReportTarget; targetId: string; reason: string }): Promise<void> {
  const { error } = await supabase.from('reports').insert({ type: input.type, target_id: input.targetId, reason: input.reason });
  if (error) {
    if (error.code === '23505') throw new Error('You have already reported this. The team will look at it soon.');
    throw error;
  }
}
