/** Tools and categories in the spec's order (§3). */
export const TOOLS = ['Lovable', 'Cursor', 'Bolt'] as const;
export const CATEGORIES = ['Website', 'App', 'Dashboard', 'E-commerce', 'Portfolio', 'Blog', 'Other'] as const;
export type Tool = (typeof TOOLS)[number];
export type Category = (typeof CATEGORIES)[number];
