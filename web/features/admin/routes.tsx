import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireStaff } from './components/require-staff.tsx';

const lazyPage = (load: () => Promise<{ default: ComponentType }>, adminOnly = false) => async () => {
  const Page = (await load()).default;
  const wrap = (el: ReactNode) => (adminOnly ? <RequireStaff allow={['admin']}>{el}</RequireStaff> : el);
  return { Component: () => wrap(<Page />) };
};

/**
 * /admin and its sections. Moderators reach Dashboard, Users (read-only), Projects and
 * Moderation; Content and Settings are admins' only. Mounted in web/app/routes.tsx.
 */
export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: async () => ({ Component: (await import('./components/admin-layout.tsx')).default }),
  children: [
    { index: true, lazy: lazyPage(() => import('./pages/dashboard-page.tsx')) },
    { path: 'users', lazy: lazyPage(() => import('./pages/users-page.tsx')) },
    { path: 'projects', lazy: lazyPage(() => import('./pages/projects-page.tsx')) },
    { path: 'content', lazy: lazyPage(() => import('./pages/content-page.tsx'), true) },
    { path: 'moderation', lazy: lazyPage(() => import('./pages/moderation-page.tsx')) },
    { path: 'settings', lazy: lazyPage(() => import('./pages/settings-page.tsx'), true) },
  ],
};
