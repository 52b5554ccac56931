import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { CATEGORIES, TOOLS } from '../../../../domain/catalog.ts';
import { SHORT_DESCRIPTION_MAX } from '../../../../domain/limits.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import { projectSubmissionSchema, type ProjectSubmission, type ProjectSubmissionInput } from '../../../../domain/project-submission.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { loadDraft, saveDraft } from '../../../lib/drafts.ts';
import { refreshShownErrors } from '../../../lib/field-errors.ts';
import { AutofillBox } from './autofill-box.tsx';
import { ImagePicker } from './image-picker.tsx';
import { LaunchDayField } from './launch-day-field.tsx';

export interface ProjectFormValues {
  title: string;
  description: string;
  longDescription: string;
  liveUrl: string;
  githubUrl: string;
  tool: string;
  category: string;
  /** '' = as soon as approved (issue 16). */
  launchDate: string;
}

export const EMPTY_PROJECT: ProjectFormValues = { title: '', description: '', longDescription: '', liveUrl: '', githubUrl: '', tool: '', category: '', launchDate: '' };
const FORM_FIELDS = Object.keys(EMPTY_PROJECT) as Array<keyof ProjectFormValues>;

type FieldName = keyof ProjectFormValues | 'image' | 'autofill';
type Errors = Partial<Record<FieldName, string>>;

/** The first message per field, from the shared schema (domain/), so form and database agree. */
export function validateProject(values: ProjectFormValues | ProjectSubmissionInput): { data?: ProjectSubmission; errors: Errors } {
  const parsed = projectSubmissionSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The project fields (submit and edit): title, short description with its counter, detailed
 * description, image, links, tool and category. onSubmit gets checked values and the new image.
 */
export function ProjectForm({
  idPrefix,
  initial = EMPTY_PROJECT,
  existingImageUrl,
  submitLabel,
  busyLabel,
  busy,
  progress,
  onSubmit,
  launchLocked = false,
  footer,
  draft,
  autofill = false,
}: {
  idPrefix: string;
  initial?: ProjectFormValues;
  existingImageUrl?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  progress: number | null;
  onSubmit: (values: ProjectSubmission, image: File | null) => void;
  footer?: ReactNode;
  /** The project has launched (true), or a reason the launch day cannot change here (shown). */
  launchLocked?: boolean | string;
  /** Keep a draft of the typed fields for this user (decision 224); the caller clears it on success. */
  draft?: { form: string; userId: string };
  /** Offer "Fill from this page" above the fields (the submit form; decision 261). */
  autofill?: boolean;
}) {
  const [restored] = useState(() => (draft ? loadDraft<ProjectFormValues>(draft.form, draft.userId, FORM_FIELDS) : null));
  const [values, setValues] = useState<ProjectFormValues>(() => ({ ...initial, ...restored }));
  useEffect(() => {
    if (draft) saveDraft(draft.form, draft.userId, { ...values });
  }, [draft?.form, draft?.userId, values]); // eslint-disable-line react-hooks/exhaustive-deps
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const id = (f: FieldName) => `${idPrefix}-${f}`;
  const set = (f: keyof ProjectFormValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [f]: e.target.value };
    setValues(next);
    // A field shown as wrong shows its current state as it is fixed (defect 9).
    setErrors((shown) => refreshShownErrors(shown, validateProject(next).errors));
  };
  const described = (f: FieldName, extra?: string) => [extra, errors[f] ? `${id(f)}-error` : undefined].filter(Boolean).join(' ') || undefined;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { data, errors: found } = validateProject(values);
    if (!image && !existingImageUrl) found.image = MESSAGES.imageRequired;
    setErrors(found);
    if (!data || found.image) {
      // Focus first: the toast then goes to the other half of the screen, off the field to fix.
      const first = (['title', 'description', 'longDescription', 'image', 'liveUrl', 'githubUrl', 'tool', 'category'] as const).find((f) => found[f]);
      if (first) e.currentTarget.querySelector<HTMLElement>(`#${id(first)}`)?.focus();
      // The spec's own messages for these two are toasts (§5); every field also says what is wrong.
      if (found.tool || found.category) toast({ variant: 'destructive', title: 'Error', description: MESSAGES.selectToolAndCategory });
      else if (found.image) toast({ variant: 'destructive', title: 'Error', description: MESSAGES.imageRequired });
      return;
    }
    onSubmit(data, image);
  };

  const count = values.description.length;
  const form = (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      {restored && (
        <p role="status" className="rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm text-muted-foreground" data-testid="draft-restored">
          Your draft is back. Images are not kept in a draft: choose them again.
        </p>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={id('title')}>Project title</Label>
        <Input id={id('title')} value={values.title} onChange={set('title')} placeholder="My awesome AI project" aria-invalid={Boolean(errors.title)} aria-describedby={described('title')} required disabled={busy} />
        <FieldError id={`${id('title')}-error`}>{errors.title}</FieldError>
      </div>

      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id('description')}>Short description</Label>
          <span id={`${id('description')}-count`} className={cn('text-xs tabular-nums', count > SHORT_DESCRIPTION_MAX ? 'font-semibold text-destructive' : 'text-muted-foreground')}>
            {count}/{SHORT_DESCRIPTION_MAX}
          </span>
        </div>
        <Textarea id={id('description')} value={values.description} onChange={set('description')} rows={2} placeholder="A one or two sentence summary" aria-invalid={Boolean(errors.description)} aria-describedby={described('description', `${id('description')}-count`)} required disabled={busy} />
        <FieldError id={`${id('description')}-error`}>{errors.description}</FieldError>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={id('longDescription')}>Detailed description</Label>
        <Textarea id={id('longDescription')} value={values.longDescription} onChange={set('longDescription')} rows={6} placeholder="What it does, how you built it, what the AI tool did" aria-invalid={Boolean(errors.longDescription)} aria-describedby={described('longDescription')} disabled={busy} />
        <FieldError id={`${id('longDescription')}-error`}>{errors.longDescription}</FieldError>
      </div>

      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">Project image</span>
        <ImagePicker id={id('image')} file={image} existingUrl={existingImageUrl} onChange={(f) => { setImage(f); setErrors((e) => ({ ...e, image: undefined })); }} progress={progress} error={errors.image} disabled={busy} />
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('liveUrl')}>Live demo URL</Label>
          <Input id={id('liveUrl')} type="url" inputMode="url" value={values.liveUrl} onChange={set('liveUrl')} placeholder="https://example.com" aria-invalid={Boolean(errors.liveUrl)} aria-describedby={described('liveUrl')} disabled={busy} />
          <FieldError id={`${id('liveUrl')}-error`}>{errors.liveUrl}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('githubUrl')}>GitHub URL</Label>
          <Input id={id('githubUrl')} type="url" inputMode="url" value={values.githubUrl} onChange={set('githubUrl')} placeholder="https://github.com/you/project" aria-invalid={Boolean(errors.githubUrl)} aria-describedby={described('githubUrl')} disabled={busy} />
          <FieldError id={`${id('githubUrl')}-error`}>{errors.githubUrl}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('tool')}>AI tool</Label>
          <NativeSelect id={id('tool')} value={values.tool} onChange={set('tool')} aria-invalid={Boolean(errors.tool)} aria-describedby={described('tool')} required disabled={busy}>
            <option value="">Select a tool</option>
            {TOOLS.map((t) => <option key={t} value={t}>{t}</option>)}
          </NativeSelect>
          <FieldError id={`${id('tool')}-error`}>{errors.tool}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('category')}>Category</Label>
          <NativeSelect id={id('category')} value={values.category} onChange={set('category')} aria-invalid={Boolean(errors.category)} aria-describedby={described('category')} required disabled={busy}>
            <option value="">Select a category</option>
            {CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </NativeSelect>
          <FieldError id={`${id('category')}-error`}>{errors.category}</FieldError>
        </div>
      </div>

      <LaunchDayField id={id('launchDate')} value={values.launchDate} onChange={set('launchDate')} error={errors.launchDate} disabled={busy || Boolean(launchLocked)} locked={launchLocked} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {footer}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
  if (!autofill) return form;
  return (
    <div className="flex flex-col gap-6">
      <AutofillBox
        id={id('autofill')}
        values={values}
        image={image}
        disabled={busy}
        onFill={(next, nextImage) => {
          setValues(next);
          setImage(nextImage);
          setErrors((shown) => ({ ...refreshShownErrors(shown, validateProject(next).errors), ...(nextImage ? { image: undefined } : {}) }));
        }}
      />
      {form}
    </div>
  );
}
