import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PUBLIC_PAGES } from 'virtual:public-pages';
import HomePage from '../features/home/home-page.tsx';
import { RequireAuth } from '../components/guards.tsx';
import { adminRoutes } from '../features/admin/index.ts';
import { RootLayout } from './root-layout.tsx';

/**
 * The public pages: one route for each entry of domain/public-routes.ts, which names its path and
 * page module (read at build time, web/app/public-pages.d.ts). Each page loads on demand, in a
 * chunk of its own; home is bundled with the entry.
 */
const publicPages = PUBLIC_PAGES.map(({ path, load }) => ({ path, Page: load ? lazy(load) : HomePage }));

/*
 * The pages that are not public pages, and so not in domain/public-routes.ts: each is one
 * person's, behind a sign-in or the step their own e-mail or OAuth link opens. The server draws
 * none of them, writes no meta or module hint for them and lists none in the sitemap: only the
 * router needs them, so they are declared here. The admin's pages are in its feature.
 */
const AuthCallbackPage = lazy(() => import('../features/auth-callback/auth-callback-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/password-reset/reset-password-page.tsx'));
const SubmitProjectPage = lazy(() => import('../features/submit/submit-project-page.tsx'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const MyProjectsPage = lazy(() => import('../features/my-projects/my-projects-page.tsx'));
// Loads uPlot with it: the charts never weigh on any other page (issue 32).
const ProjectStatsPage = lazy(() => import('../features/project-stats/project-stats-page.tsx'));
const NotificationsPage = lazy(() => import('../features/notifications/notifications-page.tsx'));
const NotificationSettingsPage = lazy(() => import('../features/notifications/notification-settings-page.tsx'));
const FollowingPage = lazy(() => import('../features/people/following-page.tsx'));
const BookmarksPage = lazy(() => import('../features/people/bookmarks-page.tsx'));
const InvitationsPage = lazy(() => import('../features/people/invitations-page.tsx'));
const WelcomePage = lazy(() => import('../features/onboarding/welcome-page.tsx'));

const NotFoundPage = lazy(() => import('../components/not-found-page.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {publicPages.map(({ path, Page }) => (path === '' ? <Route key="" index element={<Page />} /> : <Route key={path} path={path} element={<Page />} />))}
        <Route path="auth/callback" element={<AuthCallbackPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="submit-project" element={<RequireAuth><SubmitProjectPage /></RequireAuth>} />
        <Route path="profile" element={<RequireAuth><ProfilePage /></RequireAuth>} />
        <Route path="my-projects" element={<RequireAuth><MyProjectsPage /></RequireAuth>} />
        <Route path="my-projects/:id/stats" element={<RequireAuth><ProjectStatsPage /></RequireAuth>} />
        <Route path="notifications" element={<RequireAuth><NotificationsPage /></RequireAuth>} />
        <Route path="settings/notifications" element={<RequireAuth><NotificationSettingsPage /></RequireAuth>} />
        <Route path="following" element={<RequireAuth><FollowingPage /></RequireAuth>} />
        <Route path="bookmarks" element={<RequireAuth><BookmarksPage /></RequireAuth>} />
        <Route path="invitations" element={<RequireAuth><InvitationsPage /></RequireAuth>} />
        <Route path="welcome" element={<RequireAuth><WelcomePage /></RequireAuth>} />
        {adminRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
