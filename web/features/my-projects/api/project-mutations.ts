import type { ProjectSubmission } from '../../../../domain/project-submission.ts';
import { supabase } from '../../../lib/supabase.ts';
import { imagePathFromUrl, rateLimitedOrDefault, removeProjectImage, requireCurrentUser, uploadOrExplain } from '../../submit/index.ts';

/**
 * An owner's edit: text, links, tool, category and optionally a new image. The new image is
 * uploaded first; if the row is not updated it is removed again, and once it is, the old one is.
 * The database sends an edited published or rejected project back to review.
 */
export async function updateMyProject(
  project: { id: string; image_url: string | null },
  values: ProjectSubmission,
  image: File | null,
  onProgress: (fraction: number) => void,
  /** The "Add ?ref= to my links" switch (projects.outbound_ref); not a change review looks at. */
  outboundRef?: boolean,
): Promise<{ status: string }> {
  await requireCurrentUser();
  const uploaded = image ? await uploadOrExplain(image, onProgress) : null;
  const { data, error } = await supabase
    .from('projects')
    .update({
      title: values.title,
      description: values.description,
      long_description: values.longDescription,
      live_url: values.liveUrl,
      github_url: values.githubUrl,
      tool: values.tool,
      category: values.category,
      launch_date: values.launchDate,
      ...(outboundRef === undefined ? {} : { outbound_ref: outboundRef }),
      ...(uploaded ? { image_url: uploaded.publicUrl } : {}),
    })
    .eq('id', project.id)
    .select('id,status')
    .single();
  if (error) {
    console.error('Error updating project', error);
    if (uploaded) await removeProjectImage(uploaded.path);
    throw rateLimitedOrDefault(error, 'Failed to update your project. Please try again.');
  }
  if (uploaded) {
    const old = imagePathFromUrl(project.image_url);
    if (old && old !== uploaded.path) await removeProjectImage(old);
  }
  return data as { status: string };
}

/** Deletes the row (its comments and votes go with it), then its image. */
export async function deleteMyProject(project: { id: string; image_url: string | null }): Promise<void> {
  await requireCurrentUser();
  const { data, error } = await supabase.from('projects').delete().eq('id', project.id).select('id');
  if (error || !data || data.length === 0) {
    console.error('Error deleting project', error);
    throw rateLimitedOrDefault(error, 'Failed to delete your project. Please try again.');
  }
  const path = imagePathFromUrl(project.image_url);
  if (path) await removeProjectImage(path);
}

