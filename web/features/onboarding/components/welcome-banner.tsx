import { Link, useLocation } from 'react-router-dom';
import { SparklesIcon } from '../../../components/icons.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { useFinishOnboarding, useOnboardingDone } from '../api/onboarding-api.ts';

/** Where the welcome is not offered: the sign-in steps, the welcome itself, the staff console. */
const QUIET_PATHS = /^\/(welcome|signin|signup|auth\/callback|reset-password|forgot-password|admin)(\/|$)/;

/**
 * A light welcome above every page for a member who just signed up (decision 229): a link to the
 * makers and tags to follow, and Skip. Once finished or skipped it never shows again. Loaded
 * lazily by the layout, and only for a signed-in account.
 */
export default function WelcomeBanner() {
  const { user } = useAuth();
  const location = useLocation();
  const userId = user && !user.is_anonymous ? user.id : null;
  const done = useOnboardingDone(userId);
  const finish = useFinishOnboarding(userId ?? '');
  if (!userId || done.data !== false || QUIET_PATHS.test(location.pathname)) return null;
  return (
    <section aria-labelledby="welcome-banner-heading" className="border-b border-border bg-accent-soft/60" data-testid="welcome-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-start gap-3">
          <SparklesIcon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h2 id="welcome-banner-heading" className="font-semibold">
              Welcome! Follow a few makers and tags
            </h2>
            <p className="text-sm text-muted-foreground">Their launches fill your Following page, and people can now @mention you in comments.</p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Link to="/welcome" className={buttonVariants({ size: 'sm' })}>
            Pick makers and tags
          </Link>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Skip the welcome"
            disabled={finish.isPending}
            onClick={() => finish.mutate(undefined, { onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Could not skip the welcome. Please try again.' }) })}
          >
            Skip
          </Button>
        </div>
      </div>
    </section>
  );
}
