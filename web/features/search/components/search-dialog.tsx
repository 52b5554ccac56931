import { useCombobox } from 'downshift';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { CloseIcon, SearchIcon } from '../../../components/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSuggestions } from '../api/search-suggest.ts';
import { GROUP_LABELS, MIN_SUGGEST_LENGTH, groupSuggestions, normalizeText, searchHref, suggestionHref, type Suggestion } from '../api/suggestions.ts';

/**
 * The header's search combobox (issue 34), loaded on demand by header-search.tsx: a text field
 * with suggestions as you type, grouped (projects, makers, tags, tools). downshift's useCombobox
 * gives the WAI-ARIA combobox pattern (role, aria-expanded, aria-activedescendant, a listbox of
 * options) and its keys; this adds what a site search needs: Enter on free text searches the list
 * (/projects?q=), Escape closes the whole search, and the search is a modal panel (full screen on
 * a phone, a floating panel on a wide screen) that keeps the focus inside it.
 */
export default function SearchDialog({ onClose }: { onClose: (restoreFocus: boolean) => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { suggestions, settled } = useSuggestions(text);
  const groups = groupSuggestions(suggestions);
  const items = groups.flatMap((g) => g.items);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const groupId = useId();
  const typed = normalizeText(text);

  const go = (href: string) => {
    onClose(false);
    void navigate(href);
  };

  // Back or forward while the search is open: the search is done. (Not any change of location: a
  // page still arriving from a click before the search opened, or /projects keeping its state in
  // the query string, changes it too.)
  useEffect(() => {
    const done = () => onClose(false);
    window.addEventListener('popstate', done);
    return () => window.removeEventListener('popstate', done);
  }, [onClose]);

  useEffect(() => input.current?.focus(), []);

  const { isOpen, highlightedIndex, inputValue, getInputProps, getMenuProps, getItemProps, getLabelProps } = useCombobox<Suggestion>({
    items,
    // The field's text is downshift's own (a controlled value set a render late loses keystrokes
    // typed quickly); the suggestions follow it.
    onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
    // The list is open whenever there is something in it.
    isOpen: items.length > 0,
    itemToString: (s) => s?.label ?? '',
    itemToKey: (s: Suggestion | null) => (s ? `${s.kind}:${s.value}` : ''),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) go(suggestionHref(selectedItem));
    },
    // Leaving the field (a click on the backdrop or the close button) picks nothing.
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputBlur ? { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue } : changes,
  });

  const current = normalizeText(inputValue);
  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter with no suggestion chosen searches the list for the text as typed.
    if (e.key === 'Enter' && highlightedIndex < 0 && !e.nativeEvent.isComposing && current) {
      e.preventDefault();
      go(searchHref(current));
    }
  };

  // Escape closes the search (downshift would only clear the field); Tab stays inside the panel.
  const onPanelKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    } else if (e.key === 'Tab') {
      const focusable = [...(panel.current?.querySelectorAll<HTMLElement>('input, button') ?? [])];
      const at = focusable.indexOf(document.activeElement as HTMLElement);
      const next = (at + (e.shiftKey ? -1 : 1) + focusable.length) % focusable.length;
      e.preventDefault();
      focusable[next]?.focus();
    }
  };

  const status =
    typed.length < MIN_SUGGEST_LENGTH
      ? 'Type to find projects, makers, tags and tools.'
      : settled && items.length === 0
        ? 'No suggestions.'
        : settled
          ? `${items.length} ${items.length === 1 ? 'suggestion' : 'suggestions'}.`
          : '';

  let index = -1;
  // In <body>, not in the header: the header's backdrop blur makes it the box a fixed element is
  // placed in, which would squeeze the panel into the header's 64 px.
  return createPortal(
    <div className="fixed inset-0 z-50 flex justify-center sm:items-start sm:px-4 sm:pt-[10vh]">
      <div aria-hidden="true" className="absolute inset-0 bg-black/30 backdrop-blur-sm dark:bg-black/60" onMouseDown={() => onClose(true)} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Search"
        onKeyDown={onPanelKeyDown}
        className="relative flex h-full w-full flex-col bg-background text-foreground shadow-2xl sm:h-auto sm:max-h-[75vh] sm:max-w-xl sm:rounded-xl sm:border sm:border-border"
      >
        <div className="flex items-center gap-2 border-b border-border px-3">
          <SearchIcon className="h-5 w-5 shrink-0 text-muted-foreground" />
          <label {...getLabelProps()} className="sr-only">
            Search the showcase
          </label>
          <input
            {...getInputProps({ ref: input, onKeyDown: onInputKeyDown })}
            type="text"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            placeholder="Projects, makers, tags, tools…"
            className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
          />
          <button
            type="button"
            aria-label="Close search"
            onClick={() => onClose(true)}
            className="grid h-9 w-9 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>

        <p role="status" className={cn('px-5 py-3 text-sm text-muted-foreground', isOpen && 'sr-only')}>
          {status}
        </p>
        {/* The listbox scrolls itself: the arrow keys bring the active option into view. */}
        <div {...getMenuProps()} className={cn('min-h-0 flex-1 overflow-y-auto p-2 sm:flex-initial', !isOpen && 'hidden')}>
          {isOpen &&
            groups.map((group) => (
              <div key={group.kind} role="group" aria-labelledby={`${groupId}-${group.kind}`} className="py-1">
                <div id={`${groupId}-${group.kind}`} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {GROUP_LABELS[group.kind]}
                </div>
                {group.items.map((item) => {
                  index += 1;
                  return (
                    <div
                      key={`${item.kind}:${item.value}`}
                      {...getItemProps({ item, index })}
                      className={cn(
                        'cursor-pointer truncate rounded-lg px-3 py-2 text-sm',
                        highlightedIndex === index ? 'bg-muted text-foreground' : 'text-foreground',
                      )}
                    >
                      {item.label}
                    </div>
                  );
                })}
              </div>
            ))}
        </div>

        {current && (
          <div className="border-t border-border p-2">
            <button
              type="button"
              onClick={() => go(searchHref(current))}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <SearchIcon className="h-4 w-4 shrink-0" />
              <span className="min-w-0 flex-1 truncate">
                Search all projects for “<span className="text-foreground">{current}</span>”
              </span>
              <kbd aria-hidden="true" className="hidden rounded border border-border px-1.5 font-sans text-xs sm:inline">
                Enter
              </kbd>
            </button>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
