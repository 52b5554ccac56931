import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { MAX_IMAGE_ALT_LENGTH, MAX_PROJECT_IMAGES, MAX_PROJECT_TAGS, parseVideoUrl, RICHER_MESSAGES } from '../../../../domain/richer-projects.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { projectKeys, TOOLS, useTags } from '../../projects/index.ts';
import { uploadOrExplain } from '../../submit/index.ts';
import { useOptimisticToggles } from './use-optimistic-toggles.ts';
import { addProjectImage, deleteProjectImage, reorderProjectImages, saveProjectVideo, setProjectImageAlt, setProjectTag, setProjectTool } from '../api/extras.ts';

export interface ExtrasProject {
  id: string;
  title: string;
  /** The primary tool first. */
  toolsUsed: string[];
  tags: Array<{ slug: string; name: string }>;
  images: Array<{ id: string; url: string; alt: string }>;
  videoUrl: string;
  videoPosterUrl: string;
  /** The cover (projects.image_url): the gallery's first image once it has one (decision 225). */
  imageUrl?: string;
}

interface Upload {
  key: string;
  name: string;
  progress: number;
}

const fail = (error: { message?: string } | null | undefined) => {
  if (error) toast({ variant: 'destructive', title: 'Error', description: error.message || 'Something went wrong. Please try again.' });
  return Boolean(error);
};

/**
 * What a maker adds beyond the spec's form: more tools, up to 5 tags, up to 6 images (dragged,
 * dropped or pasted; reordered by dragging or with the buttons; the first is the cover) and a
 * demo video with its poster. Every write goes through the data API; the database checks the
 * limits and answers in words shown here as they come.
 */
export default function ExtrasEditor({ project }: { project: ExtrasProject }) {
  const ids = useId();
  const qc = useQueryClient();
  const tags = useTags();
  const refresh = () => qc.invalidateQueries({ queryKey: projectKeys.all });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [order, setOrder] = useState(project.images);
  useEffect(() => setOrder(project.images), [project.images]);
  const dragFrom = useRef<number | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // Opened from My Projects ("Gallery & more"): the panel loads after the page, so scroll to it then.
  useEffect(() => {
    if (window.location.hash === '#extras') sectionRef.current?.scrollIntoView({ block: 'start' });
  }, []);
  const [video, setVideo] = useState(project.videoUrl);
  const [poster, setPoster] = useState(project.videoPosterUrl);
  const [posterProgress, setPosterProgress] = useState<number | null>(null);
  const primary = project.toolsUsed[0];
  const tagSlugs = project.tags.map((t) => t.slug);

  const refreshCb = useCallback(() => void qc.invalidateQueries({ queryKey: projectKeys.all }), [qc]);
  const failCb = useCallback((error: { message?: string }) => void fail(error), []);
  const tools = useOptimisticToggles(
    project.toolsUsed,
    useCallback((tool: string, turnOn: boolean) => setProjectTool(project.id, tool, !turnOn), [project.id]),
    failCb,
    refreshCb,
  );
  const tagIdBySlug = new Map((tags.data ?? []).map((t) => [t.slug, t.id]));
  const tagIdRef = useRef(tagIdBySlug);
  tagIdRef.current = tagIdBySlug;
  const tagToggles = useOptimisticToggles(
    tagSlugs,
    useCallback((slug: string, turnOn: boolean) => setProjectTag(project.id, tagIdRef.current.get(slug) ?? '', !turnOn), [project.id]),
    failCb,
    refreshCb,
  );
  const tagCount = tagToggles.count((tags.data ?? []).map((t) => t.slug));

  const addFiles = async (files: File[]) => {
    const images = files.filter((f) => f.type.startsWith('image/'));
    // The submitted image is the cover: an empty gallery takes it as its first image (0280).
    const room = MAX_PROJECT_IMAGES - Math.max(order.length, 1) - uploads.length;
    if (images.length > room) toast({ variant: 'destructive', title: 'Error', description: RICHER_MESSAGES.tooManyImages });
    await Promise.all(
      images.slice(0, Math.max(0, room)).map(async (file, i) => {
        const key = `${Date.now()}-${i}-${file.name}`;
        setUploads((u) => [...u, { key, name: file.name || 'pasted image', progress: 0 }]);
        try {
          const uploaded = await uploadOrExplain(file, (p) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: p } : x))));
          const error = await addProjectImage(project.id, uploaded.publicUrl, Math.min(Math.max(order.length, 1) + i, MAX_PROJECT_IMAGES - 1));
          fail(error);
        } catch (error) {
          fail(error as Error);
        } finally {
          setUploads((u) => u.filter((x) => x.key !== key));
        }
      }),
    );
    void refresh();
  };

  const saveOrder = async (next: ExtrasProject['images']) => {
    setOrder(next);
    const error = await reorderProjectImages(project.id, next.map((i) => i.id));
    if (!fail(error)) void refresh();
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    void saveOrder(next);
  };
  const saveAlt = async (image: ExtrasProject['images'][number], alt: string) => {
    if (alt.trim() === image.alt) return;
    const error = await setProjectImageAlt(image.id, alt.trim());
    if (!fail(error)) void refresh();
  };
  const remove = async (id: string) => {
    const error = await deleteProjectImage(id);
    if (!fail(error)) void refresh();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    if (e.dataTransfer.files.length) void addFiles([...e.dataTransfer.files]);
  };

  const saveVideo = async () => {
    if (video.trim() && !parseVideoUrl(video)) {
      toast({ variant: 'destructive', title: 'Error', description: RICHER_MESSAGES.badVideoUrl });
      return;
    }
    const error = await saveProjectVideo(project.id, video.trim() || null, poster || null);
    if (!fail(error)) {
      toast({ title: 'Saved', description: 'Your demo video is saved.' });
      void refresh();
    }
  };
  const uploadPoster = async (file: File | undefined) => {
    if (!file) return;
    setPosterProgress(0);
    try {
      setPoster((await uploadOrExplain(file, setPosterProgress)).publicUrl);
    } catch (error) {
      fail(error as Error);
    } finally {
      setPosterProgress(null);
    }
  };

  return (
    <section ref={sectionRef} id="extras" aria-labelledby={`${ids}-h`} className="mt-8 scroll-mt-20 rounded-xl border border-border bg-card p-4 text-left sm:p-6" data-testid="extras-editor">
      <h2 id={`${ids}-h`} className="text-xl font-bold tracking-tight">
        Tools, tags, gallery and video
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Only the project’s makers see this. The gallery’s first image is the cover everywhere. Changes to the gallery or video of a published project go back to review.</p>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold">AI tools</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {TOOLS.map((t) => (
            <label key={t} className="inline-flex items-center gap-2 text-sm">
              <Checkbox checked={tools.isOn(t)} disabled={t === primary} onChange={() => tools.toggle(t)} />
              {t}
              {t === primary && <span className="text-xs text-muted-foreground">(main tool)</span>}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold">
          Tags <span className="font-normal text-muted-foreground">({tagCount} of {MAX_PROJECT_TAGS})</span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {tags.data?.map((t) => {
            const on = tagToggles.isOn(t.slug);
            return (
              <label key={t.slug} className="inline-flex items-center gap-2 text-sm">
                <Checkbox checked={on} disabled={!on && tagCount >= MAX_PROJECT_TAGS} onChange={() => tagToggles.toggle(t.slug)} />
                {t.name}
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold">
          Gallery <span className="font-normal text-muted-foreground">({Math.max(order.length, project.imageUrl ? 1 : 0)} of {MAX_PROJECT_IMAGES}; the first is the cover)</span>
        </legend>
        {order.length === 0 && project.imageUrl && (
          <div className="mt-2 flex items-center gap-3 rounded-lg border border-border p-2" data-testid="gallery-cover">
            <img src={project.imageUrl} alt="" className="h-12 w-20 rounded object-cover" />
            <span className="flex-1 text-sm">Cover: your project image. Images you add come after it.</span>
          </div>
        )}
        <ol className="mt-2 grid gap-2 sm:grid-cols-2" aria-label="Gallery images in order">
          {order.map((img, i) => (
            <li
              key={img.id}
              draggable
              onDragStart={() => (dragFrom.current = i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                e.stopPropagation();
                if (dragFrom.current !== null) move(dragFrom.current, i);
                dragFrom.current = null;
              }}
              className="flex flex-col gap-2 rounded-lg border border-border p-2"
              data-testid="gallery-item"
            >
              <div className="flex items-center gap-3">
                <img src={img.url} alt="" className="h-12 w-20 rounded object-cover" />
                <span className="flex-1 text-sm">{i === 0 ? 'Cover' : `Image ${i + 1}`}</span>
                <Button type="button" variant="ghost" size="sm" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  ↑
                </Button>
                <Button type="button" variant="ghost" size="sm" aria-label={`Move image ${i + 1} later`} disabled={i === order.length - 1} onClick={() => move(i, i + 1)}>
                  ↓
                </Button>
                <Button type="button" variant="ghost" size="sm" aria-label={`Remove image ${i + 1}`} onClick={() => void remove(img.id)}>
                  ✕
                </Button>
              </div>
              <Input
                defaultValue={img.alt}
                maxLength={MAX_IMAGE_ALT_LENGTH}
                placeholder="Describe it for screen readers"
                aria-label={`Description of image ${i + 1}`}
                className="h-8 text-xs"
                onBlur={(e) => void saveAlt(img, e.currentTarget.value)}
              />
            </li>
          ))}
        </ol>
        {uploads.map((u) => (
          <div key={u.key} className="mt-2 flex items-center gap-2 text-sm">
            <span className="truncate">{u.name}</span>
            <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} className="flex-1" />
          </div>
        ))}
        {order.length + uploads.length < MAX_PROJECT_IMAGES && (
          <div
            tabIndex={0}
            role="group"
            aria-label="Add images: drop files here, paste an image, or choose files"
            onDragOver={(e) => e.preventDefault()}
            onDrop={onDrop}
            onPaste={(e) => {
              const files = [...e.clipboardData.files];
              if (files.length) {
                e.preventDefault();
                void addFiles(files);
              }
            }}
            className="mt-3 flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/40 p-6 text-center text-sm text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span>Drop images here or paste one (Ctrl+V)</span>
            <label className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
              Choose images
              <input
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                multiple
                className="sr-only"
                data-testid="gallery-input"
                onChange={(e) => {
                  void addFiles([...(e.target.files ?? [])]);
                  e.target.value = '';
                }}
              />
            </label>
          </div>
        )}
      </fieldset>

      <fieldset className="mt-6 flex flex-col gap-3">
        <legend className="text-sm font-semibold">Demo video</legend>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-video`}>Video link (YouTube, Vimeo or Loom)</Label>
          <Input id={`${ids}-video`} type="url" value={video} onChange={(e) => setVideo(e.target.value)} placeholder="https://www.youtube.com/watch?v=…" />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {poster && <img src={poster} alt="Video poster preview" className="h-16 w-28 rounded object-cover" />}
          <label className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline">
            {poster ? 'Change poster image' : 'Upload a poster image'}
            <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" className="sr-only" data-testid="poster-input" onChange={(e) => void uploadPoster(e.target.files?.[0])} />
          </label>
          {posterProgress !== null && <progress max={1} value={posterProgress} aria-label="Uploading poster" />}
        </div>
        <div>
          <Button type="button" onClick={() => void saveVideo()} disabled={posterProgress !== null}>
            Save video
          </Button>
        </div>
      </fieldset>
    </section>
  );
}
