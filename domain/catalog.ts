/** The AI tools and categories a project can have (SPEC §3); the database checks the same lists. */
export const TOOLS = ['Lovable', 'Cursor', 'Bolt'] as const;
export type Tool = (typeof TOOLS)[number];

export const CATEGORIES = ['Website', 'App', 'Dashboard', 'E-commerce', 'Portfolio', 'Blog', 'Other'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Review states of a submission. Never shown to users (SPEC §1), used by the review queue. */
export const PROJECT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const isTool = (value: unknown): value is Tool => (TOOLS as readonly unknown[]).includes(value);
export const isCategory = (value: unknown): value is Category => (CATEGORIES as readonly unknown[]).includes(value);
