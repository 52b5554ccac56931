import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useBlogPosts, type BlogSummary } from './api/content.ts';
import { PageShell } from './components/page-shell.tsx';
import { LoadError, PostMeta } from './components/post-meta.tsx';

export default function BlogPage() {
  const { data: posts, isPending, isError, refetch } = useBlogPosts();
  return (
    <PageShell title="Blog" lead="Stories, tips and lessons from makers building with AI." wide>
      {isPending ? (
        <div className="grid gap-6 md:grid-cols-3" aria-busy="true" aria-label="Loading posts">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6">
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-6 w-full" />
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-10 w-2/3" />
            </div>
          ))}
        </div>
      ) : isError ? (
        <LoadError what="the blog" onRetry={() => void refetch()} />
      ) : posts.length === 0 ? (
        <p className="text-center text-muted-foreground">No articles have been published yet.</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.slug} className="flex">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-12 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
        More articles are coming soon. Subscribe below to hear when new posts are published.
      </p>
    </PageShell>
  );
}

function PostCard({ post }: { post: BlogSummary }) {
  return (
    <article className="relative flex w-full flex-col rounded-xl border border-border bg-card p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <Badge variant="secondary" className="w-fit">
        {post.category}
      </Badge>
      <h2 className="mt-4 text-xl font-semibold leading-snug">
        {/* The whole card is the link's hit area (the ::after overlay), the heading its name. */}
        <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
          {post.title}
        </Link>
      </h2>
      <p className="mt-3 flex-1 text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
      <div className="mt-6 border-t border-border pt-4 text-sm">
        <p className="font-medium">{post.author}</p>
        <div className="mt-1">
          <PostMeta createdAt={post.created_at} readTime={post.read_time} />
        </div>
      </div>
    </article>
  );
}
