import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { AuthProvider, useAuth } from '../lib/session/auth-context.tsx';
import { PageErrorBoundary } from './error-boundary.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';

const SuspendedAccountWatch = lazy(() => import('../lib/session/suspended-account-watch.tsx'));
const WelcomeBanner = lazy(() => import('../features/onboarding/components/welcome-banner.tsx'));

/** Only a signed-in account can be banned or have its session ended elsewhere. */
function AccountWatch() {
  return useAuth().user ? (
    <Suspense fallback={null}>
      <SuspendedAccountWatch />
    </Suspense>
  ) : null;
}

/** The welcome after sign-up (decision 229): its code loads only for a signed-in account. */
function Welcome() {
  const { user } = useAuth();
  return user && !user.is_anonymous ? (
    <Suspense fallback={null}>
      <WelcomeBanner />
    </Suspense>
  ) : null;
}

/** Every page: header, main content, footer; AuthProvider lives here because signOut navigates. */
export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // A new page starts at the top; back/forward (POP) keeps the browser's own scroll restoration.
  useEffect(() => {
    if (navigationType !== 'POP' && !location.hash) window.scrollTo(0, 0);
  }, [location.pathname, navigationType, location.hash]);

  return (
    <AuthProvider>
      <AccountWatch />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <Header />
        {/* At least a screen tall below the header, so the footer starts below the fold: it never
            jumps while a page's code or data loads, whatever height the page turns out to have. */}
        <main id="main" tabIndex={-1} className="min-h-[calc(100svh-4rem)] flex-1 focus:outline-none">
          <Welcome />
          <PageErrorBoundary key={location.pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
              <AppReady />
            </Suspense>
          </PageErrorBoundary>
        </main>
        <Footer />
      </div>
      <LazyToaster />
    </AuthProvider>
  );
}

/** While a page's code loads: a thin bar at the top, and the empty main area (the footer stays put). */
function PageFallback() {
  return (
    <div aria-busy="true">
      <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-pulse bg-primary" />
    </div>
  );
}

/**
 * Sets `<html data-app-ready>` once the first page has been drawn, or adopted from the server's
 * HTML (decision 203): before that, a click lands on markup with no handler yet. Browser tests
 * wait for it after every load.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}
