import { PUBLIC_ROUTES, type PublicRoute } from '../../domain/public-routes.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { JwtClaims } from '../security/jwt.ts';
import { asCaller } from '../security/request-auth.ts';

/** Whether the pages are still being drawn for the first time; /readyz says "warming" until then. */
export interface WarmUpState {
  pending: boolean;
}

type Example = NonNullable<PublicRoute['example']>;

const ANON = { role: 'anon' as const, claims: { role: 'anon' } satisfies JwtClaims };

/** The rows the warm-up draws pages with parameters for, as `anon` sees them. */
async function readExamples(db: Database, today: string): Promise<Partial<Record<Example, string>>> {
  const row = await asCaller(
    db,
    ANON,
    async (tx) =>
      (
        await tx.query<{ project: string | null; creator: string | null; tag: string | null; post: string | null }>(
          `with newest as (select p.id, p.creator_id from public.projects p
                            where showcase_private.is_launched(p.status, p.launched_at) order by p.launched_at desc, p.id desc limit 1)
           select (select id::text from newest) as project, (select creator_id::text from newest) as creator,
                  (select slug from public.tags order by created_at desc, slug limit 1) as tag,
                  (select slug from public.content_items where type = 'blog' order by created_at desc, slug limit 1) as post`,
        )
      ).rows[0],
    { readOnly: true },
  );
  return {
    'newest-project': row?.project ?? undefined,
    'newest-project-creator': row?.creator ?? undefined,
    'newest-tag': row?.tag ?? undefined,
    'newest-blog-post': row?.post ?? undefined,
    'daily-leaderboard': today,
  };
}

/** Every server-drawn route of the registry as a path: its example's where it has parameters, none where it has no example. */
export function warmUpPaths(examples: Partial<Record<Example, string>>): string[] {
  return PUBLIC_ROUTES.filter((route) => route.serverDrawn).flatMap((route) => {
    if (!route.path.includes(':')) return [`/${route.path}`];
    const value = route.example && examples[route.example];
    if (!value) return [];
    // A leaderboard's kind is fixed; every other parameter is the example itself.
    const path = route.path.replace(':kind', 'daily').replace(/:[a-z]+/i, encodeURIComponent(value));
    return [`/${path}`];
  });
}

/** Draws one page at start and answers its HTML (undefined when it could not be drawn). */
export type WarmPage = (origin: string, path: string) => Promise<string | undefined>;

/**
 * Draws every server-drawn route once before /readyz says ready (issue 28): the first render loads
 * the renderer's bundle and warms the code it runs, which cost the first visitor after a deploy
 * 1–2 s. With the page cache on, the drawings are its first copies, so that visitor gets a
 * copy (decision 205 addendum). A failure leaves the pages cold, never the server unready.
 */
export function startWarmUp(ctx: ServerContext, warmPage: WarmPage, state: WarmUpState): void {
  if (!ctx.config.PAGE_WARM_UP) {
    state.pending = false;
    return;
  }
  state.pending = true;
  const started = performance.now();
  setImmediate(async () => {
    try {
      const examples = await readExamples(ctx.db, new Date().toISOString().slice(0, 10));
      const origin = ctx.config.SITE_URL.replace(/\/$/, '');
      const drawn: Array<{ path: string; drawn: boolean }> = [];
      for (const path of warmUpPaths(examples)) {
        const html = await warmPage(origin, path).catch(() => undefined);
        drawn.push({ path, drawn: html?.includes('id="server-queries"') ?? false });
      }
      const list = drawn.map((d) => `${d.path}${d.drawn ? '' : ' (not drawn)'}`).join(' ');
      ctx.logger.info(`pages warmed in ${Math.round(performance.now() - started)} ms: ${list}`);
    } catch (error) {
      ctx.logger.warn(`pages not warmed: ${(error as Error).message}`);
    } finally {
      state.pending = false;
    }
  });
}
