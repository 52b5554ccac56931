import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { initials, pluralize } from '../../lib/format.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FollowButton } from '../people/index.ts';
import { TagFollowButton } from '../tags/index.ts';
import { useFinishOnboarding, useOwnHandle, useSuggestedMakers, useSuggestedTags } from './api/onboarding-api.ts';

function LoadError({ what, retry }: { what: string; retry: () => void }) {
  return (
    <p role="alert" className="rounded-xl border border-dashed border-border p-6 text-sm text-muted-foreground">
      Couldn&apos;t load {what}.{' '}
      <button type="button" className="font-medium text-primary underline" onClick={retry}>
        Try again
      </button>
    </p>
  );
}

/**
 * /welcome: the onboarding after sign-up (decision 229). Suggested makers (people's follows) and
 * tags to follow, the member's @handle, and Done / Skip for now: either marks it finished, so the
 * welcome banner does not show again.
 */
export default function WelcomePage() {
  useDocumentTitle('Welcome');
  const { user } = useAuth();
  const navigate = useNavigate();
  const userId = user?.id ?? null;
  const makers = useSuggestedMakers(userId);
  const tags = useSuggestedTags(Boolean(userId));
  const handle = useOwnHandle(userId);
  const finish = useFinishOnboarding(userId ?? '');
  if (!user) return null;
  const name = typeof user.user_metadata?.name === 'string' && user.user_metadata.name.trim() ? user.user_metadata.name.trim() : null;

  const leave = (to: string) =>
    finish.mutate(undefined, {
      onSuccess: () => navigate(to),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Could not save that. Please try again.' }),
    });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-10 sm:px-6 lg:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{name ? `Welcome, ${name}` : 'Welcome'}</h1>
        <p className="mt-2 text-muted-foreground">Follow a few makers and tags to make the showcase yours. You can change any of this later.</p>
        <p className="mt-4 rounded-xl border border-border bg-card p-4 text-sm" data-testid="welcome-handle">
          {handle.data ? (
            <>
              People mention you in comments as <strong className="font-semibold">@{handle.data}</strong>.{' '}
              <Link to="/profile" className="font-medium text-primary hover:underline">
                Change your handle
              </Link>
            </>
          ) : handle.isError ? (
            'Your handle will be ready on your profile.'
          ) : (
            <Skeleton className="h-5 w-64" />
          )}
        </p>
      </header>

      <section aria-labelledby="welcome-makers">
        <h2 id="welcome-makers" className="text-xl font-semibold">
          Makers to follow
        </h2>
        <div className="mt-4">
          {makers.isPending ? (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <li key={i}>
                  <Skeleton className="h-20 w-full" />
                </li>
              ))}
            </ul>
          ) : makers.isError ? (
            <LoadError what="makers" retry={() => void makers.refetch()} />
          ) : makers.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-6 text-sm text-muted-foreground">No makers to suggest yet: you already follow everyone who has launched.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="suggested-makers">
              {makers.data.map((m) => {
                const avatar = m.avatar_url ? safeHttpUrl(m.avatar_url) : undefined;
                return (
                  <li key={m.id} className="flex items-center gap-3 rounded-xl border border-border bg-card p-4">
                    <span className="grid h-11 w-11 shrink-0 place-items-center overflow-hidden rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-foreground" aria-hidden="true">
                      {avatar ? <img src={avatar} alt="" className="h-full w-full object-cover" /> : initials(m.name)}
                    </span>
                    <div className="min-w-0 flex-1">
                      <Link to={`/creators/${m.id}`} className="block truncate font-medium hover:text-primary">
                        {m.name}
                      </Link>
                      <p className="truncate text-xs text-muted-foreground">@{m.handle}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        {pluralize(m.projects, 'project')} · {pluralize(m.followers, 'follower')}
                      </p>
                    </div>
                    <FollowButton makerId={m.id} makerName={m.name} />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="welcome-tags">
        <h2 id="welcome-tags" className="text-xl font-semibold">
          Tags to follow
        </h2>
        <div className="mt-4">
          {tags.isPending ? (
            <Skeleton className="h-10 w-full" />
          ) : tags.isError ? (
            <LoadError what="tags" retry={() => void tags.refetch()} />
          ) : tags.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-6 text-sm text-muted-foreground">No tags yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-3" data-testid="suggested-tags">
              {tags.data.map((t) => (
                <li key={t.id} className="flex items-center gap-3 rounded-xl border border-border bg-card py-2 pl-4 pr-2">
                  <span className="flex flex-col">
                    <Link to={`/tags/${t.slug}`} className="text-sm font-medium hover:text-primary">
                      #{t.name}
                    </Link>
                    <span className="text-xs text-muted-foreground">{pluralize(t.projects, 'project')}</span>
                  </span>
                  <TagFollowButton tagId={t.id} tagName={t.name} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-3 border-t border-border pt-6">
        <Button onClick={() => leave('/following')} disabled={finish.isPending}>
          Done
        </Button>
        <Button variant="ghost" onClick={() => leave('/')} disabled={finish.isPending}>
          Skip for now
        </Button>
        <Link to="/projects" className={buttonVariants({ variant: 'ghost', className: 'ml-auto' })}>
          Browse all projects
        </Link>
      </div>
    </div>
  );
}
