import { useEffect } from 'react';
import { useSiteName } from './site-settings.ts';

/**
 * Sets the tab title for the page as "<page> · <site name>", the name the admin chose in Settings
 * (the built-in name until it loads). The server already set it for shared project links.
 */
export function useDocumentTitle(title: string | undefined) {
  const siteName = useSiteName();
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
