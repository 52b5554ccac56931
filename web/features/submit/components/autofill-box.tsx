import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { AUTOFILL_FIELD_LABELS, githubRepoOf, type AutofillResult } from '../../../../domain/autofill.ts';
import { isHttpUrl } from '../../../../domain/urls.ts';
import { SparklesIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { formatCount, formatShortDate } from '../../../lib/format.ts';
import { checkProjectImage } from '../api/image-check.ts';
import { applyAutofill, imageFile, type AutofillableValues, type FilledField } from '../api/apply-autofill.ts';
import { AutofillError, requestAutofill } from '../api/autofill.ts';

interface Filled<V> {
  from: string;
  fields: FilledField[];
  repository?: AutofillResult['repository'];
  notes: string[];
  /** The form as it was, for "Undo". */
  previous: { values: V; image: File | null };
}

const ORDER: FilledField[] = ['title', 'description', 'longDescription', 'image', 'liveUrl', 'githubUrl'];

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.hostname === 'github.com' ? parsed.pathname.slice(1) : parsed.host;
  } catch {
    return url;
  }
}

/**
 * "Fill from this page" (issue 35 item 1, decision 261): the maker pastes their live site's address
 * or their GitHub repository's, and the form's empty fields take what the page says about itself.
 * It says what was filled, so the maker reads it over; nothing is saved until they submit.
 */
export function AutofillBox<V extends AutofillableValues>({
  id,
  values,
  image,
  disabled,
  onFill,
}: {
  id: string;
  values: V;
  image: File | null;
  disabled?: boolean;
  onFill: (values: V, image: File | null) => void;
}) {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [filled, setFilled] = useState<Filled<V> | null>(null);
  const isRepo = Boolean(githubRepoOf(url));

  const fill = async (address: string) => {
    const trimmed = address.trim();
    if (!isHttpUrl(trimmed)) {
      setError('Paste a full address that starts with https://.');
      return;
    }
    setBusy(true);
    setError(undefined);
    setFilled(null);
    try {
      const result = await requestAutofill(trimmed);
      const applied = applyAutofill(values, result.fields);
      const fields: FilledField[] = [...applied.filled];
      const notes = [...result.notes];
      let nextImage = image;
      if (result.image && !image) {
        const file = imageFile(result.image);
        // The same checks as a chosen file (size, type, first bytes); the upload checks it again.
        const problem = await checkProjectImage(file);
        if (problem) notes.push(`The page’s image was not used: ${problem}`);
        else {
          nextImage = file;
          fields.push('image');
        }
      }
      onFill(applied.values, nextImage);
      setFilled({ from: result.source, fields: ORDER.filter((f) => fields.includes(f)), repository: result.repository, notes, previous: { values, image } });
    } catch (e) {
      setError(e instanceof AutofillError ? e.message : 'The page could not be read just now. Try again, or fill the form yourself.');
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void fill(url);
  };

  // A pasted address is read at once: pasting is the whole gesture.
  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text').trim();
    if (!isHttpUrl(text) || busy) return;
    e.preventDefault();
    setUrl(text);
    void fill(text);
  };

  const undo = () => {
    if (!filled) return;
    onFill(filled.previous.values, filled.previous.image);
    setFilled(null);
  };

  const repo = filled?.repository;
  return (
    <div className="rounded-xl border border-dashed border-primary/40 bg-accent-soft/40 p-4 sm:p-5" data-testid="autofill">
      <form onSubmit={submit} className="flex flex-col gap-2" noValidate aria-label="Fill the form from a page">
          <Label htmlFor={id}>Start from your site or repository</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Paste its address and we fill the empty fields from what the page says about itself. You check and edit everything before you submit.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={id}
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              onPaste={paste}
              placeholder="https://example.com or https://github.com/you/project"
              aria-describedby={[`${id}-hint`, error ? `${id}-error` : undefined].filter(Boolean).join(' ')}
              aria-invalid={Boolean(error)}
              disabled={disabled || busy}
              className="sm:flex-1"
            />
            <Button type="submit" variant="outline" disabled={disabled || busy || !url.trim()} className="gap-2">
              <SparklesIcon className="h-4 w-4" />
              {busy ? 'Reading the page…' : isRepo ? 'Fill from this repository' : 'Fill from this page'}
            </Button>
        </div>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-3 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {filled && (
        <div role="status" className="mt-3 rounded-lg border border-border bg-card px-4 py-3 text-sm" data-testid="autofill-result">
          {filled.fields.length > 0 ? (
            <>
              <p className="font-medium">
                Filled from {hostOf(filled.from)}: {filled.fields.map((f) => AUTOFILL_FIELD_LABELS[f]).join(', ')}.
              </p>
              <p className="mt-1 text-muted-foreground">Read them over and change anything; nothing is saved until you submit.</p>
            </>
          ) : (
            <p className="font-medium">Nothing to fill from {hostOf(filled.from)}: your fields are already filled, or the page says little about itself.</p>
          )}
          {repo && (
            <p className="mt-2 text-muted-foreground" data-testid="autofill-repository">
              {repo.fullName} · {formatCount(repo.stars)} {repo.stars === 1 ? 'star' : 'stars'}
              {repo.license ? ` · ${repo.license}` : ''}
              {repo.pushedAt ? ` · last push ${formatShortDate(repo.pushedAt)}` : ''}
              {repo.topics.length ? ` · ${repo.topics.join(', ')}` : ''}
            </p>
          )}
          {filled.notes.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-muted-foreground">
              {filled.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          {filled.fields.length > 0 && (
            <button type="button" className="mt-2 cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline" onClick={undo}>
              Undo the fill
            </button>
          )}
        </div>
      )}
    </div>
  );
}
