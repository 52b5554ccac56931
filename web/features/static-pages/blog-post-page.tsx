import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { Markdown } from '../../components/markdown.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useBlogPost } from './api/content.ts';
import { LoadError, PostMeta } from './components/post-meta.tsx';

const NOT_FOUND = 'Article not found';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data: post, isPending, isError, refetch } = useBlogPost(slug);
  useDocumentTitle(post ? post.title : isPending ? undefined : isError ? 'Blog' : NOT_FOUND);

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon /> Back to Blog
      </Link>
      {isPending ? (
        <div className="mt-8 flex flex-col gap-4" aria-busy="true" aria-label="Loading article">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="mt-6 h-40 w-full" />
        </div>
      ) : isError ? (
        <div className="mt-8">
          <LoadError what="this article" onRetry={() => void refetch()} />
        </div>
      ) : !post ? (
        <section className="mt-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight">{NOT_FOUND}</h1>
          <p className="mt-4 text-muted-foreground">This article does not exist or is no longer published.</p>
          <Link to="/blog" className={buttonVariants({ className: 'mt-8' })}>
            Back to Blog
          </Link>
        </section>
      ) : (
        <article className="mt-8">
          <Badge variant="secondary">{post.category}</Badge>
          <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{post.title}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="font-medium">{post.author}</span>
            <PostMeta createdAt={post.created_at} readTime={post.read_time} />
          </div>
          <Markdown source={post.body} className="mt-8 border-t border-border pt-4 text-foreground/90" />
        </article>
      )}
    </div>
  );
}
