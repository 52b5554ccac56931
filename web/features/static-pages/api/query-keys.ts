/** Every query key of the static pages (published blog posts and documentation), in one place. */
export const contentKeys = {
  /** Every cached piece of published content: what a staff edit refetches. */
  all: ['content'] as const,
  blog: ['content', 'blog'] as const,
  post: (slug: string) => ['content', 'blog', slug] as const,
  documentation: ['content', 'documentation'] as const,
};
