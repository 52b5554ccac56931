import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { errorMessage } from '../api/errors.ts';
import type { ContentItem, ContentType } from '../../../../domain/content.ts';
import { estimateReadTime, useSaveContent, type ContentDraft } from '../api/content.ts';
import { Markdown } from '../../../components/markdown.tsx';

const EMPTY = (type: ContentType, author: string): ContentDraft => ({
  type,
  title: '',
  category: type === 'blog' ? 'General' : 'Guide',
  excerpt: '',
  body: '',
  author,
  status: 'draft',
});

/** New Post / New Document / Edit: one form, saved through RLS (admins only). */
export function ContentEditor({
  open,
  onOpenChange,
  type,
  item,
  defaultAuthor,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  type: ContentType;
  item: ContentItem | null;
  defaultAuthor: string;
}) {
  const [draft, setDraft] = useState<ContentDraft>(EMPTY(type, defaultAuthor));
  const save = useSaveContent();
  useEffect(() => {
    if (open) setDraft(item ? { ...item } : EMPTY(type, defaultAuthor));
  }, [open, item, type, defaultAuthor]);

  const set = <K extends keyof ContentDraft>(key: K, value: ContentDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const noun = type === 'blog' ? 'Post' : 'Document';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean: ContentDraft = {
      type: draft.type,
      title: draft.title,
      category: draft.category,
      excerpt: draft.excerpt,
      body: draft.body,
      author: draft.author,
      status: draft.status,
    };
    save.mutate(
      { id: item?.id, draft: clean },
      {
        onSuccess: () => {
          toast({ title: 'Saved', description: item ? 'Content updated successfully.' : 'Content created successfully.' });
          onOpenChange(false);
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{item ? `Edit ${noun}` : `New ${noun}`}</DialogTitle>
            <DialogDescription>Write in Markdown. Read time: {estimateReadTime(draft.body)} min.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="content-title">Title</Label>
            <Input id="content-title" required maxLength={200} value={draft.title} onChange={(e) => set('title', e.target.value)} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor="content-category">Category</Label>
              <Input id="content-category" required maxLength={60} value={draft.category} onChange={(e) => set('category', e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="content-author">Author</Label>
              <Input id="content-author" required maxLength={100} value={draft.author} onChange={(e) => set('author', e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="content-status">Status</Label>
              <NativeSelect
                id="content-status"
                value={draft.status}
                onChange={(e) => set('status', e.target.value as ContentDraft['status'])}
              >
                <option value="draft">Draft</option>
                <option value="published">Published</option>
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="content-excerpt">Excerpt</Label>
            <Textarea id="content-excerpt" rows={2} maxLength={500} value={draft.excerpt} onChange={(e) => set('excerpt', e.target.value)} />
          </div>
          <Tabs defaultValue="write">
            <TabsList>
              <TabsTrigger value="write">Write</TabsTrigger>
              <TabsTrigger value="preview">Preview</TabsTrigger>
            </TabsList>
            <TabsContent value="write" className="mt-3">
              <Label htmlFor="content-body" className="sr-only">
                Body (Markdown)
              </Label>
              <Textarea
                id="content-body"
                required
                rows={12}
                maxLength={100000}
                className="font-mono text-sm"
                value={draft.body}
                onChange={(e) => set('body', e.target.value)}
              />
            </TabsContent>
            <TabsContent value="preview" className="mt-3 min-h-48 rounded-md border border-border p-4">
              <Markdown source={draft.body || '*Nothing to preview yet.*'} />
            </TabsContent>
          </Tabs>
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
