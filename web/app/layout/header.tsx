import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button.tsx';
import { CloseIcon, MenuIcon, MoonIcon, SparklesIcon, SunIcon } from '../../components/icons.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { useSignupOpen, useSiteDefaultTheme, useSiteName } from '../../lib/site-settings.ts';
import { useTheme } from '../../lib/theme.ts';
import { HeaderSearch } from '../../features/search/index.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { isLaunchesPath, launchesLinks } from './launches-links.ts';

// The avatar menu pulls in Radix's popper; only signed-in visitors need it, so it loads on demand.
const UserMenu = lazy(() => import('./user-menu.tsx'));
// The bell (issue 15) and its dropdown load after first paint, for signed-in visitors only.
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell.tsx'));

export const mainLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/projects', label: 'Projects', end: false },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

export function Brand() {
  const name = useSiteName();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight">
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <SparklesIcon className="h-4 w-4" />
      </span>
      <span className="text-lg">{name}</span>
    </Link>
  );
}

export function ThemeToggle() {
  const [theme, toggle] = useTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
    >
      {theme === 'dark' ? <SunIcon className="h-5 w-5" /> : <MoonIcon className="h-5 w-5" />}
    </button>
  );
}

/**
 * Launches in the header: a native disclosure (<details>) holding plain links, so it needs no menu
 * library in the first bundle; it closes on a pick, on Escape and when focus leaves it.
 */
function LaunchesMenu() {
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute('open');
  useEffect(close, [location.pathname, location.hash]);
  const current = isLaunchesPath(location.pathname);
  return (
    <details
      ref={ref}
      className="relative"
      // Focus leaving the menu (a click elsewhere, Tab past the last link) or Escape closes it.
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && close()}
      onKeyDown={(e) => e.key === 'Escape' && (close(), e.currentTarget.querySelector('summary')?.focus())}
    >
      <summary
        className={cn(
          'flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground [&::-webkit-details-marker]:hidden',
          current ? 'text-foreground' : 'text-muted-foreground',
        )}
      >
        Launches
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m4 6 4 4 4-4" />
        </svg>
      </summary>
      <ul className="absolute left-0 top-full z-50 mt-1 w-52 rounded-xl border border-border bg-background p-1 shadow-lg">
        {launchesLinks().map((l) => (
          <li key={l.label}>
            <Link to={l.to} onClick={close} className="block rounded-lg px-3 py-2 text-sm text-foreground hover:bg-muted focus-visible:bg-muted">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function Header() {
  const { user, loading } = useAuth();
  const signupOpen = useSignupOpen();
  useSiteDefaultTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-6">
          <Brand />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {mainLinks.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.end} className={navLinkClass}>
                {l.label}
              </NavLink>
            ))}
            <LaunchesMenu />
          </nav>
        </div>

        {/* One search for every width: an icon button, a field-like button from lg up. */}
        <div className="flex flex-1 justify-end">
          <HeaderSearch />
        </div>

        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          {loading ? (
            <div className="h-9 w-40 animate-pulse rounded-lg bg-muted" aria-hidden="true" />
          ) : user ? (
            <>
              <Link to="/submit-project" className={buttonVariants({ size: 'sm' })}>
                Submit Project
              </Link>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<div className="h-9 w-9 rounded-full bg-muted" aria-hidden="true" />}>
                <UserMenu />
              </Suspense>
            </>
          ) : (
            <>
              {/* Sign-in comes back to this page (web/lib/session/return-path.ts). */}
              <Link to="/signin" state={{ from: location }} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                Sign in
              </Link>
              {signupOpen && (
                <Link to="/signup" className={buttonVariants({ size: 'sm' })}>
                  Sign up
                </Link>
              )}
            </>
          )}
        </div>

        <div className="flex items-center gap-1 md:hidden">
          {user && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <ThemeToggle />
          <button
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
