import { isUuid } from '../../domain/ids.ts';
import { parsePeriod } from '../../domain/launch-periods.ts';
import type { RenderQueue } from '../storage/render-queue.ts';
import type { PreviewView } from './draw.ts';

/**
 * The preview images' vocabulary (decision 251): what an image is of, what it shows, and the
 * service the rest of the server calls (ServerContext.previews, implemented by previews.ts). Kept
 * apart from the implementation so that the context does not import the storage code it uses.
 */

/** What a preview is of: a project or maker by id, a tag by slug, a leaderboard by its path, the winners. */
export type PreviewKind = 'project' | 'maker' | 'tag' | 'leaderboard' | 'winners';
export interface Subject {
  kind: PreviewKind;
  /** The project's or maker's id, the tag's slug, the leaderboard's "daily/2031-03-10"; '' for the winners. */
  key: string;
}

/** What an image shows, read as a visitor sees it; `view` without the cover's bytes, which are read only to draw. */
export interface Shown {
  view: PreviewView;
  /** A project's cover URL as stored (part of the version: a new cover is a new image). */
  coverUrl?: string | null;
}

const TAG_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The subject a preview URL's segments name, checked (ids are uuids, slugs are slugs, periods parse); undefined otherwise. */
export function parseSubject(kind: string, key: string): Subject | undefined {
  if ((kind === 'project' || kind === 'maker') && isUuid(key)) return { kind, key: key.toLowerCase() };
  if (kind === 'tag' && TAG_SLUG.test(key) && key.length <= 40) return { kind, key };
  if (kind === 'leaderboard') {
    const [period, value, ...rest] = key.split('/');
    if (rest.length === 0 && parsePeriod(period, value)) return { kind, key };
  }
  if (kind === 'winners' && key === '') return { kind, key };
  return undefined;
}

/** The URL path of a subject's image, before its version: /og/project/<id>, /og/winners … */
export function subjectPath(s: Subject): string {
  return s.key ? `/og/${s.kind}/${s.key}` : `/og/${s.kind}`;
}


/** The subject's image as a visitor should see it now: its version, and whether that version is drawn. */
export interface Current {
  shown: Shown;
  version: string;
  steady: string;
  drawn: boolean;
}

export interface Served {
  png: Buffer;
  version: string;
}

export interface PreviewService {
  /** The one bounded drawer (tests fill it to see the 503). */
  readonly queue: RenderQueue;
  current(subject: Subject): Promise<Current | undefined>;
  urlFor(subject: Subject, origin: string): Promise<string | undefined>;
  serve(subject: Subject): Promise<Served | undefined>;
  drawAhead(scan: number, max: number): Promise<number>;
}
