import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatShortDate } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useModerationLog, useModerationLogPublic, type ModerationEntry } from './api/moderation-log.ts';

/** What happened, in words that name no moderator (decision 264). */
function describe(e: ModerationEntry): string {
  switch (e.action) {
    case 'comment.remove':
      return e.subject ? `A moderator removed a comment on ${e.subject}` : 'A moderator removed a comment';
    case 'project.remove':
      return e.subject ? `A moderator took ${e.subject} out of the showcase` : 'A moderator took a project out of the showcase';
    case 'project.delete':
      return 'A moderator deleted a project';
    case 'user.ban':
      return `A moderator banned ${e.subject ?? 'a member'}`;
    case 'user.unban':
      return `A moderator lifted the ban on ${e.subject ?? 'a member'}`;
  }
}

/** /moderation: the public moderation log, when an admin has made it public (decision 264). */
export default function ModerationLogPage() {
  useDocumentTitle('Moderation Log');
  const [page, setPage] = useState(0);
  const isPublic = useModerationLogPublic();
  const log = useModerationLog(page, isPublic.data === true);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Moderation Log</h1>
      <p className="mt-2 text-muted-foreground">Removals and bans on this site, with the reasons given. Moderators are not named.</p>
      <section aria-label="Moderation actions" className="mt-10">
        {isPublic.isPending || (isPublic.data && log.isPending) ? (
          <ul className="grid gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton className="h-16 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        ) : isPublic.isError || log.isError ? (
          <div role="alert" className="rounded-xl border border-border bg-muted/50 p-8 text-center text-muted-foreground">
            Couldn't load the moderation log. Check your connection and try again.
          </div>
        ) : !isPublic.data ? (
          <div className="rounded-xl border border-border bg-muted/50 p-8 text-center text-muted-foreground">The moderation log is not public on this site.</div>
        ) : log.data!.rows.length === 0 ? (
          <div className="rounded-xl border border-border bg-muted/50 p-8 text-center text-muted-foreground">Nothing has been removed yet.</div>
        ) : (
          <>
            <ol className="divide-y divide-border rounded-xl border border-border bg-card">
              {log.data!.rows.map((e) => (
                <li key={e.id} className="p-4" data-moderation-action={e.action}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <p className="break-words font-medium">{describe(e)}</p>
                    <time dateTime={e.at} className="shrink-0 text-sm text-muted-foreground">
                      {formatShortDate(e.at)}
                    </time>
                  </div>
                  <p className="mt-1 break-words text-sm text-muted-foreground">{e.reason ? `Reason: ${e.reason}` : 'No reason given.'}</p>
                </li>
              ))}
            </ol>
            {(page > 0 || log.data!.more) && (
              <div className="mt-4 flex justify-between">
                <Button variant="outline" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  Newer
                </Button>
                <Button variant="outline" disabled={!log.data!.more} onClick={() => setPage((p) => p + 1)}>
                  Older
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
