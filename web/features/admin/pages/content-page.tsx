import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { ContentItem, ContentType } from '../../../../domain/content.ts';
import { useAdminContent, useDeleteContent } from '../api/content.ts';
import { errorMessage } from '../api/errors.ts';
import { ContentEditor } from '../components/content-editor.tsx';
import { PageHeader, StatusBadge, type Column } from '../components/data-table.tsx';
import { TabbedTable } from '../components/tabbed-table.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const CONTENT_TABS: ReadonlyArray<{ value: ContentType; label: string }> = [
  { value: 'blog', label: 'Blog Posts' },
  { value: 'documentation', label: 'Documentation' },
];

export default function ContentPage() {
  useDocumentTitle('Content');
  const { user } = useAuth();
  const [type, setType] = useState<ContentType>('blog');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{ type: ContentType; item: ContentItem | null } | null>(null);
  const term = useDebouncedValue(search, 250);
  const content = useAdminContent(type, term, page);
  const remove = useDeleteContent();
  const meta = user?.user_metadata as { name?: unknown } | undefined;
  const defaultAuthor = (typeof meta?.name === 'string' && meta.name) || user?.email?.split('@')[0] || 'AI Showcase Team';

  // Spec: Delete asks first; in the site's own dialog rather than window.confirm (defect 25).
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const onDelete = (item: ContentItem) => {
    remove.mutate(item.id, {
      onSuccess: () => {
        toast({ title: 'Deleted', description: MESSAGES.contentDeleted });
        setDeleting(null);
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });
  };

  const columns: ReadonlyArray<Column<ContentItem>> = [
    {
      header: 'Title',
      className: 'md:max-w-xs',
      userText: true,
      cell: (item) =>
        item.status === 'published' ? (
          <Link to={item.type === 'blog' ? `/blog/${item.slug}` : '/documentation'} className="font-medium hover:underline">
            {item.title}
          </Link>
        ) : (
          <span className="font-medium">{item.title}</span>
        ),
    },
    { header: 'Author', cell: (item) => item.author },
    { header: 'Created', cell: (item) => formatShortDate(item.created_at) },
    { header: 'Status', cell: (item) => <StatusBadge status={item.status} /> },
    {
      header: 'Actions',
      cell: (item) => (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={() => setEditing({ type: item.type, item })} aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setDeleting(item)} disabled={remove.isPending} aria-label={`Delete ${item.title}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

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
      <TabbedTable
        tabs={CONTENT_TABS}
        tabsLabel="Content type"
        value={type}
        onValueChange={(v) => {
          setType(v);
          setPage(0);
        }}
        search={{
          label: 'Search content',
          placeholder: 'Search content...',
          value: search,
          onChange: (v) => {
            setSearch(v);
            setPage(0);
          },
        }}
        caption={type === 'blog' ? 'Blog posts' : 'Documentation'}
        columns={columns}
        rows={content.data?.rows}
        rowKey={(item) => item.id}
        loading={content.isPending}
        error={content.isError ? 'Could not load content. Please reload the page.' : undefined}
        pager={{ page, total: content.data?.total ?? 0, onPage: setPage }}
      />
      <ContentEditor
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        type={editing?.type ?? type}
        item={editing?.item ?? null}
        defaultAuthor={defaultAuthor}
      />
      <ConfirmDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description={MESSAGES.contentDeleteConfirm}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={onDelete}
      />
    </>
  );
}
