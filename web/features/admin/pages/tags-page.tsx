import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorMessage } from '../api/errors.ts';
import { addTag, mergeTags, renameTag, useAdminTags, type AdminTag } from '../api/tags.ts';
import { projectKeys } from '../../projects/index.ts';
import { PageHeader } from '../components/data-table.tsx';

/**
 * Admin › Tags: the curated list makers choose from. Add, rename (the slug, and so /tags/{slug},
 * stays) and merge one tag into another (the merge_tags RPC). The database allows this to admins only.
 */
export default function TagsPage() {
  useDocumentTitle('Tags');
  const ids = useId();
  const qc = useQueryClient();
  const { data: tags = [] } = useAdminTags();
  const done = (error: unknown, success: string) => {
    if (error) toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    else {
      toast({ title: success });
      void qc.invalidateQueries({ queryKey: projectKeys.tags });
      void qc.invalidateQueries({ queryKey: projectKeys.all });
    }
    return !error;
  };

  const [name, setName] = useState('');
  const [kind, setKind] = useState<AdminTag['kind']>('topic');
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const error = await addTag(name, kind);
    if (done(error, 'Tag added')) setName('');
  };

  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    const error = await renameTag(renaming.id, renaming.name);
    if (done(error, 'Tag renamed')) setRenaming(null);
  };

  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const merge = async (e: FormEvent) => {
    e.preventDefault();
    const error = await mergeTags(source, target);
    if (done(error, 'Tags merged')) setSource('');
  };

  return (
    <div>
      <PageHeader title="Tags" description="The tags makers can give their projects (up to 5 each)." />
      <form onSubmit={(e) => void add(e)} className="flex flex-wrap items-end gap-3 rounded-xl border border-border p-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-name`}>New tag</Label>
          <Input id={`${ids}-name`} value={name} maxLength={40} onChange={(e) => setName(e.target.value)} required />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-kind`}>Kind</Label>
          <NativeSelect id={`${ids}-kind`} value={kind} onChange={(e) => setKind(e.target.value as AdminTag['kind'])}>
            <option value="stack">Stack</option>
            <option value="topic">Topic</option>
          </NativeSelect>
        </div>
        <Button type="submit">Add tag</Button>
      </form>

      <form onSubmit={(e) => void merge(e)} className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-border p-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-source`}>Merge</Label>
          <NativeSelect id={`${ids}-source`} value={source} onChange={(e) => setSource(e.target.value)} required>
            <option value="">Choose a tag</option>
            {tags.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-target`}>into</Label>
          <NativeSelect id={`${ids}-target`} value={target} onChange={(e) => setTarget(e.target.value)} required>
            <option value="">Choose a tag</option>
            {tags.filter((t) => t.slug !== source).map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          Merge tags
        </Button>
      </form>

      <table className="mt-6 w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-2">Name</th>
            <th>Slug</th>
            <th>Kind</th>
            <th className="sr-only">Actions</th>
          </tr>
        </thead>
        <tbody>
          {tags.map((t) => (
            <tr key={t.id} className="border-t border-border">
              <td className="py-2">
                {renaming?.id === t.id ? (
                  <form onSubmit={(e) => void rename(e)} className="flex gap-2">
                    <Input aria-label={`New name for ${t.name}`} value={renaming.name} maxLength={40} onChange={(e) => setRenaming({ id: t.id, name: e.target.value })} />
                    <Button type="submit" size="sm">
                      Save
                    </Button>
                  </form>
                ) : (
                  t.name
                )}
              </td>
              <td className="font-mono text-xs">{t.slug}</td>
              <td>{t.kind}</td>
              <td className="text-right">
                <Button variant="ghost" size="sm" onClick={() => setRenaming({ id: t.id, name: t.name })} aria-label={`Rename ${t.name}`}>
                  Rename
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
