/** What other parts of the app use of this feature (the pages and the bell load lazily by path). */
export { NotificationProfileSettings } from './components/time-zone-setting.tsx';
export { notificationKeys } from './api/query-keys.ts';
