import { useEffect, useRef, useState } from 'react';
import { ALLOWED_IMAGE_TYPES } from '../../../../domain/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { checkProjectImage } from '../api/image-check.ts';

/**
 * Pick an image (JPEG, PNG, GIF or WebP only), see it, change it, and watch it upload. The file is
 * checked (size, type, first bytes) the moment it is chosen, so a bad one never reaches the form.
 */
export function ImagePicker({
  id: inputId,
  file,
  existingUrl,
  onChange,
  progress,
  error,
  disabled,
}: {
  /** The file input's id; its hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  file: File | null;
  /** The image already saved (editing), shown until another is chosen. */
  existingUrl?: string;
  onChange: (file: File | null) => void;
  /** 0..1 while uploading, else null. */
  progress: number | null;
  error?: string;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string>();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    const problem = await checkProjectImage(picked);
    if (problem) {
      setPickError(problem);
      toast({ variant: 'destructive', title: 'Invalid image', description: problem });
      return;
    }
    setPickError(undefined);
    onChange(picked);
  };

  const shown = preview ?? existingUrl;
  const message = pickError ?? error;
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="flex flex-col gap-3">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        // The input is hidden; the drop zone after it (`peer`) shows its keyboard focus (defect 7).
        // Once an image is shown, the Change Image button takes its place in the tab order.
        tabIndex={shown ? -1 : undefined}
        className="peer sr-only"
        aria-label="Project image"
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${inputId}-error` : `${inputId}-hint`}
        disabled={disabled}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {shown ? (
        <div className="overflow-hidden rounded-xl border border-border bg-muted">
          <img src={shown} alt="Selected project image preview" className="aspect-video w-full object-cover" />
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className={cn(
            'flex aspect-video w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/40 text-sm text-muted-foreground',
            'hover:border-primary hover:text-foreground',
            'peer-focus-visible:border-primary peer-focus-visible:bg-accent-soft peer-focus-visible:text-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            message && 'border-destructive',
          )}
        >
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <path d="M4 16l4.6-4.6a2 2 0 0 1 2.8 0L16 16m-2-2 1.6-1.6a2 2 0 0 1 2.8 0L20 14M14 8h.01M6 20h12a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2Z" />
          </svg>
          <span className="font-medium">Click to upload an image</span>
        </label>
      )}
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        JPEG, PNG, GIF or WebP, less than 5MB.
      </p>
      {shown && (
        <Button variant="outline" size="sm" className="self-start" disabled={disabled} onClick={() => inputRef.current?.click()}>
          Change Image
        </Button>
      )}
      {percent !== null && (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label="Image upload"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-150" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {percent < 100 ? `Uploading image... ${percent}%` : 'Image uploaded'}
          </p>
        </div>
      )}
      <FieldError id={`${inputId}-error`}>{message}</FieldError>
    </div>
  );
}
