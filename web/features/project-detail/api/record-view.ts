import { useEffect } from 'react';
import { supabase } from '../../../lib/supabase.ts';

const KEY = 'browserId';

/** A random id for this browser, kept in localStorage, so a view counts once a day per browser. */
function browserId(): string | null {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID().replace(/-/g, '');
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // Storage blocked: no stable id, so the view is not counted rather than counted on every visit.
    return null;
  }
}

/**
 * Counts a view of a public project (record_project_view keeps one per browser, project and UTC
 * day). A failure only loses a dashboard number, so it is never shown to the visitor.
 */
export function useRecordProjectView(projectId: string | undefined) {
  useEffect(() => {
    if (!projectId) return;
    const id = browserId();
    if (!id) return;
    void supabase.rpc('record_project_view', { project_id: projectId, browser_id: id }).then(({ error }) => {
      if (error) console.warn('Could not record the view', error.message);
    });
  }, [projectId]);
}
