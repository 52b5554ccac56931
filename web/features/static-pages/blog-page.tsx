import { CalendarIcon, ClockIcon } from '../../components/icons.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { PageShell } from './page-shell.tsx';

interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  readTime: string;
  category: string;
}

const posts: BlogPost[] = [
  {
    id: 1,
    title: 'From Prompt to Product: Shipping a SaaS in a Weekend with Lovable',
    excerpt:
      'How one maker went from a blank page to paying customers in 48 hours, what the AI handled well, and where human judgement still made the difference.',
    author: 'Sarah Chen',
    date: 'March 12, 2024',
    readTime: '6 min read',
    category: 'Case Study',
  },
  {
    id: 2,
    title: 'Ten Cursor Habits That Make AI Pair Programming Click',
    excerpt:
      'Small changes to how you write prompts, structure files and review diffs that turn an AI editor from a novelty into a teammate you rely on.',
    author: 'Marcus Rodriguez',
    date: 'March 5, 2024',
    readTime: '8 min read',
    category: 'Tips & Tricks',
  },
  {
    id: 3,
    title: 'Bolt, Lovable or Cursor? Choosing the Right Tool for Your Next Build',
    excerpt:
      'A practical comparison based on dozens of showcase projects: which tool shines for prototypes, full-stack apps and polishing an existing codebase.',
    author: 'Emily Park',
    date: 'February 27, 2024',
    readTime: '10 min read',
    category: 'Guides',
  },
];

export default function BlogPage() {
  return (
    <PageShell title="Blog" lead="Stories, tips and lessons from makers building with AI." wide>
      <div className="grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <article key={post.id} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
            <Badge variant="secondary" className="w-fit">
              {post.category}
            </Badge>
            <h2 className="mt-4 text-xl font-semibold leading-snug">{post.title}</h2>
            <p className="mt-3 flex-1 text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
            <div className="mt-6 border-t border-border pt-4 text-sm">
              <p className="font-medium">{post.author}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarIcon className="h-3.5 w-3.5" /> {post.date}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <ClockIcon className="h-3.5 w-3.5" /> {post.readTime}
                </span>
              </p>
            </div>
          </article>
        ))}
      </div>
      <p className="mt-12 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
        More articles are coming soon. Subscribe below to hear when new posts are published.
      </p>
    </PageShell>
  );
}
