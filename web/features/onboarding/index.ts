// What other code may use from the onboarding feature (decision 229). Its page loads by path and its
// banner is loaded lazily by the layout (web/app/root-layout.tsx).
export { onboardingKeys } from './api/query-keys.ts';
