import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import HomePage from '../features/home/home-page.tsx';
import { RequireAuth } from '../components/guards.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * Every route of the app, in one file. Home is bundled with the entry; every other page loads
 * on demand: its module default-exports the page component and is declared with lazy() below.
 */
const NotFoundPage = lazy(() => import('../components/not-found-page.tsx'));

// Public showcase (issue 5)
const ProjectsPage = lazy(() => import('../features/projects/projects-page.tsx'));
const ProjectDetailPage = lazy(() => import('../features/project-detail/project-detail-page.tsx'));
const CreatorPage = lazy(() => import('../features/creators/creator-page.tsx'));
const TagPage = lazy(() => import('../features/tags/tag-page.tsx'));

// Static pages
const DocumentationPage = lazy(() => import('../features/static-pages/documentation-page.tsx'));
const BlogPage = lazy(() => import('../features/static-pages/blog-page.tsx'));
const BlogPostPage = lazy(() => import('../features/static-pages/blog-post-page.tsx'));
const CommunityPage = lazy(() => import('../features/static-pages/community-page.tsx'));
const AboutPage = lazy(() => import('../features/static-pages/about-page.tsx'));
const TermsPage = lazy(() => import('../features/static-pages/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/static-pages/privacy-page.tsx'));

// Account pages (issue 6): /signin, /signup, /auth/callback, /submit-project, /profile, /my-projects
const SignInPage = lazy(() => import('../features/signin/signin-page.tsx'));
const SignUpPage = lazy(() => import('../features/signup/signup-page.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth-callback/auth-callback-page.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/password-reset/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/password-reset/reset-password-page.tsx'));
const SubmitProjectPage = lazy(() => import('../features/submit/submit-project-page.tsx'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const MyProjectsPage = lazy(() => import('../features/my-projects/my-projects-page.tsx'));

// Notifications (issue 15)
const NotificationsPage = lazy(() => import('../features/notifications/notifications-page.tsx'));
const NotificationSettingsPage = lazy(() => import('../features/notifications/notification-settings-page.tsx'));

// People and discussion (issue 18)
const FollowingPage = lazy(() => import('../features/people/following-page.tsx'));
const BookmarksPage = lazy(() => import('../features/people/bookmarks-page.tsx'));
const CollectionPage = lazy(() => import('../features/people/collection-page.tsx'));
const InvitationsPage = lazy(() => import('../features/people/invitations-page.tsx'));
// Launches (issue 16)
const UpcomingPage = lazy(() => import('../features/launches/upcoming-page.tsx'));
const LeaderboardPage = lazy(() => import('../features/launches/leaderboard-page.tsx'));
const WinnersPage = lazy(() => import('../features/launches/winners-page.tsx'));
const ConfirmReminderPage = lazy(() => import('../features/launches/confirm-reminder-page.tsx'));

// Admin (issue 7): /admin/*
import { adminRoutes } from '../features/admin/index.ts';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />

        {/* Public showcase (issue 5) */}
        <Route path="projects" element={<ProjectsPage />} />
        <Route path="projects/:id" element={<ProjectDetailPage />} />
        <Route path="creators/:id" element={<CreatorPage />} />
        <Route path="tags/:slug" element={<TagPage />} />
        <Route path="documentation" element={<DocumentationPage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="community" element={<CommunityPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        {/* Account pages (issue 6) */}
        <Route path="signin" element={<SignInPage />} />
        <Route path="signup" element={<SignUpPage />} />
        <Route path="auth/callback" element={<AuthCallbackPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="submit-project" element={<RequireAuth><SubmitProjectPage /></RequireAuth>} />
        <Route path="profile" element={<RequireAuth><ProfilePage /></RequireAuth>} />
        <Route path="my-projects" element={<RequireAuth><MyProjectsPage /></RequireAuth>} />
        {/* Notifications (issue 15) */}
        <Route path="notifications" element={<RequireAuth><NotificationsPage /></RequireAuth>} />
        <Route path="settings/notifications" element={<RequireAuth><NotificationSettingsPage /></RequireAuth>} />
        {/* People and discussion (issue 18) */}
        <Route path="following" element={<RequireAuth><FollowingPage /></RequireAuth>} />
        <Route path="bookmarks" element={<RequireAuth><BookmarksPage /></RequireAuth>} />
        <Route path="collections/:id" element={<CollectionPage />} />
        <Route path="invitations" element={<RequireAuth><InvitationsPage /></RequireAuth>} />
        {/* Launches (issue 16) */}
        <Route path="upcoming" element={<UpcomingPage />} />
        <Route path="upcoming/confirm" element={<ConfirmReminderPage />} />
        <Route path="leaderboard/:kind/:value" element={<LeaderboardPage />} />
        <Route path="winners" element={<WinnersPage />} />



        {adminRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
