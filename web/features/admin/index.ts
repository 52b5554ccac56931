// What the app's router uses from the admin feature: its route table (each page loads lazily).
export { adminRoutes } from './routes.tsx';
