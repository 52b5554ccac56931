/** The site's own pages of text: blog posts and documentation (table public.content_items). */
export type ContentType = 'blog' | 'documentation';

/** A content row as staff edit it; visitors read the published ones (RLS hides drafts from them). */
export interface ContentItem {
  id: string;
  slug: string;
  type: ContentType;
  title: string;
  category: string;
  excerpt: string;
  body: string;
  author: string;
  read_time: number;
  status: 'published' | 'draft';
  created_at: string;
  updated_at: string;
}

/** What the public pages read of a published item. */
export type PublishedContent = Pick<ContentItem, 'slug' | 'title' | 'category' | 'excerpt' | 'body' | 'author' | 'read_time' | 'created_at'>;
