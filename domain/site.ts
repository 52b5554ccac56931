/**
 * Site identity and outbound links, in one place: admin settings may later supply the name and
 * description, and the Community page buttons and footer links all read from here.
 */
export const site = {
  name: 'AI Showcase',
  description: 'A community showcase of projects built with AI coding tools like Lovable, Cursor and Bolt.',
  contactEmail: 'hello@aishowcase.dev',
  supportEmail: 'support@aishowcase.dev',
  social: {
    github: 'https://github.com/ai-showcase',
    twitter: 'https://twitter.com/aishowcase',
    linkedin: 'https://www.linkedin.com/company/ai-showcase',
  },
  community: {
    /** The community's Discord invite: set your own before going live (README, "Community page"). */
    discord: 'https://discord.gg/ai-showcase',
  },
} as const;
