/** The onboarding's query keys (decision 229). */
export const onboardingKeys = {
  /** Whether the member finished or skipped the onboarding. */
  done: (userId: string | null) => ['onboarding', 'done', userId] as const,
  makers: (userId: string | null) => ['onboarding', 'makers', userId] as const,
  tags: ['onboarding', 'tags'] as const,
  handle: (userId: string | null) => ['onboarding', 'handle', userId] as const,
};
