import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import HomePage from '../features/home/home-page.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * Every route of the app, in one file. Home is bundled with the entry; every other page loads
 * on demand: its module default-exports the page component and is declared with lazy() below.
 */
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

// Public showcase (issue 5)

// Static pages

// Account pages (issue 6): /signin, /signup, /auth/callback, /submit-project, /profile, /my-projects

// Admin (issue 7): /admin/*
import { adminRoutes } from '../features/admin/routes.tsx';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />



        {adminRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
