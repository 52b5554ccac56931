import { useEffect } from 'react';
import { site } from './site.ts';

/** Sets the tab title for the page; the server already set it for shared project links. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} · ${site.name}` : site.name;
  }, [title]);
}
