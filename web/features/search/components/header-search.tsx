import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../../../components/icons.tsx';

/**
 * The header's search on every page (issue 34): only a button that looks like a search field is in
 * the first bundle (the home route has no JavaScript budget left, decision 051). The combobox,
 * downshift and its suggestions load on the first hover or focus of it (so they are usually there
 * by the click), or on the `/` and ⌘K / Ctrl+K shortcuts. The button renders the same on the
 * server and in the browser: nothing about the platform is read while rendering.
 */
const loadDialog = () => import('./search-dialog.tsx');
const SearchDialog = lazy(loadDialog);

/** Typing into a field: `/` is a character there, not the shortcut. */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)));
}

export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const k = e.key.toLowerCase();
      const palette = k === 'k' && (e.metaKey || e.ctrlKey) && !e.shiftKey;
      const slash = k === '/' && !e.metaKey && !e.ctrlKey && !typingIn(e.target);
      if (!palette && !slash) return;
      e.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => setOpen(true)}
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center gap-2 rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground lg:w-60 lg:justify-start lg:border lg:border-input lg:bg-background lg:px-3 lg:text-sm"
      >
        <SearchIcon className="h-5 w-5 lg:h-4 lg:w-4" />
        <span className="sr-only lg:not-sr-only lg:flex-1 lg:text-left">Search</span>
        <kbd aria-hidden="true" className="hidden rounded border border-border px-1.5 font-sans text-xs lg:inline">
          /
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
