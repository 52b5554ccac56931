import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { GuardSkeleton, RequireStaff } from './components/require-staff.tsx';

const AdminLayout = lazy(() => import('./components/admin-layout.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx'));
const UsersPage = lazy(() => import('./pages/users-page.tsx'));
const ProjectsPage = lazy(() => import('./pages/projects-page.tsx'));
const ContentPage = lazy(() => import('./pages/content-page.tsx'));
const ModerationPage = lazy(() => import('./pages/moderation-page.tsx'));
const SettingsPage = lazy(() => import('./pages/settings-page.tsx'));
const VotesPage = lazy(() => import('./pages/votes-page.tsx'));
const TagsPage = lazy(() => import('./pages/tags-page.tsx'));
const AuditLogPage = lazy(() => import('./pages/audit-log-page.tsx'));

const page = (el: ReactNode) => <Suspense fallback={<GuardSkeleton />}>{el}</Suspense>;
const adminOnly = (el: ReactNode) => <RequireStaff allow={['admin']}>{page(el)}</RequireStaff>;

/**
 * /admin and its sections, placed inside <Routes> by web/app/routes.tsx. Moderators reach
 * Dashboard, Users (read-only), Projects and Moderation; Content, Votes, Tags, Settings and the Audit Log are admins' only.
 */
export const adminRoutes = (
  <Route path="admin" element={page(<AdminLayout />)}>
    <Route index element={page(<DashboardPage />)} />
    <Route path="users" element={page(<UsersPage />)} />
    <Route path="projects" element={page(<ProjectsPage />)} />
    <Route path="content" element={adminOnly(<ContentPage />)} />
    <Route path="moderation" element={page(<ModerationPage />)} />
    <Route path="votes" element={adminOnly(<VotesPage />)} />
    <Route path="tags" element={adminOnly(<TagsPage />)} />
    <Route path="settings" element={adminOnly(<SettingsPage />)} />
    <Route path="audit" element={adminOnly(<AuditLogPage />)} />
  </Route>
);
