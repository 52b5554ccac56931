import { supabase } from '../../../lib/supabase.ts';

// The maker's writes to a project's tools, tags, gallery and video. Each returns the error, if any.

export async function setProjectTool(projectId: string, tool: string, on: boolean) {
  const { error } = on
    ? await supabase.from('project_tools').delete().eq('project_id', projectId).eq('tool', tool)
    : await supabase.from('project_tools').insert({ project_id: projectId, tool });
  return error;
}

export async function setProjectTag(projectId: string, tagId: string, on: boolean) {
  const { error } = on
    ? await supabase.from('project_tags').delete().eq('project_id', projectId).eq('tag_id', tagId)
    : await supabase.from('project_tags').insert({ project_id: projectId, tag_id: tagId });
  return error;
}

export async function addProjectImage(projectId: string, url: string, position: number) {
  const { error } = await supabase.from('project_images').insert({ project_id: projectId, url, position });
  return error;
}

export async function reorderProjectImages(projectId: string, imageIds: string[]) {
  const { error } = await supabase.rpc('reorder_project_images', { target: projectId, image_ids: imageIds });
  return error;
}

export async function setProjectImageAlt(imageId: string, alt: string) {
  const { error } = await supabase.from('project_images').update({ alt }).eq('id', imageId);
  return error;
}

export async function deleteProjectImage(imageId: string) {
  const { error } = await supabase.from('project_images').delete().eq('id', imageId);
  return error;
}

export async function saveProjectVideo(projectId: string, videoUrl: string | null, posterUrl: string | null) {
  const { error } = await supabase.from('projects').update({ video_url: videoUrl, video_poster_url: posterUrl }).eq('id', projectId);
  return error;
}
