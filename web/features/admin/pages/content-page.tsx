import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminContent, useDeleteContent, type ContentItem, type ContentType } from '../api/content.ts';
import { errorMessage } from '../api/errors.ts';
import { ContentEditor } from '../components/content-editor.tsx';
import { DataTable, PageHeader, Pager, StatusBadge } from '../components/data-table.tsx';
import { useDebounced } from '../components/use-debounced.ts';

export default function ContentPage() {
  useDocumentTitle('Content');
  const { user } = useAuth();
  const [type, setType] = useState<ContentType>('blog');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{ type: ContentType; item: ContentItem | null } | null>(null);
  const term = useDebounced(search, 250);
  const content = useAdminContent(type, term, page);
  const remove = useDeleteContent();
  const meta = user?.user_metadata as { name?: unknown } | undefined;
  const defaultAuthor = (typeof meta?.name === 'string' && meta.name) || user?.email?.split('@')[0] || 'AI Showcase Team';

  const onDelete = (item: ContentItem) => {
    if (!window.confirm('Are you sure you want to delete this item?')) return;
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: 'Deleted', description: 'Content deleted successfully.' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });
  };

  return (
    <>
      <PageHeader
        title="Content"
        description="Blog posts and documentation pages."
        actions={
          <div className="flex gap-2">
            <Button onClick={() => setEditing({ type: 'blog', item: null })}>New Post</Button>
            <Button variant="outline" onClick={() => setEditing({ type: 'documentation', item: null })}>
              New Document
            </Button>
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <Tabs
          value={type}
          onValueChange={(v) => {
            setType(v as ContentType);
            setPage(0);
          }}
        >
          <TabsList>
            <TabsTrigger value="blog">Blog Posts</TabsTrigger>
            <TabsTrigger value="documentation">Documentation</TabsTrigger>
          </TabsList>
        </Tabs>
        <Input
          type="search"
          aria-label="Search content"
          placeholder="Search content..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          className="max-w-sm"
        />
      </div>
      <DataTable
        caption={type === 'blog' ? 'Blog posts' : 'Documentation'}
        columns={['Title', 'Author', 'Created', 'Status', 'Actions']}
        loading={content.isPending}
        error={content.isError ? 'Could not load content. Please reload the page.' : undefined}
        empty={content.data?.rows.length === 0}
      >
        {content.data?.rows.map((item) => (
          <tr key={item.id}>
            <td className="px-4 py-3 font-medium">
              {item.status === 'published' ? (
                <Link to={item.type === 'blog' ? `/blog/${item.slug}` : '/documentation'} className="hover:underline">
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
            </td>
            <td className="px-4 py-3">{item.author}</td>
            <td className="px-4 py-3">{formatShortDate(item.created_at)}</td>
            <td className="px-4 py-3">
              <StatusBadge status={item.status} />
            </td>
            <td className="px-4 py-3">
              <div className="flex gap-1">
                <Button size="sm" variant="outline" onClick={() => setEditing({ type: item.type, item })}>
                  Edit
                </Button>
                <Button size="sm" variant="destructive" onClick={() => onDelete(item)} disabled={remove.isPending}>
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} total={content.data?.total ?? 0} onPage={setPage} />
      <ContentEditor
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        type={editing?.type ?? type}
        item={editing?.item ?? null}
        defaultAuthor={defaultAuthor}
      />
    </>
  );
}
