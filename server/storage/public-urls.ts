import type { Queryable } from '../db/database.ts';

const PUBLIC_PATH = '/storage/v1/object/public/';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Keeps this server's image URLs working when the site moves. URLs are stored absolute, under the
 * origin of the day they were written (demo data, uploads); a URL of our own storage under any
 * origin the site has had (platform.site_origins, db/migrations/0080) is answered under the origin
 * the request came to. Images hosted elsewhere are never touched.
 */
export class PublicUrls {
  private pattern: RegExp | undefined;

  private constructor(private origins: string[]) {
    this.compile();
  }

  /** Records SITE_URL's origin as one of ours and loads every origin the site has had. */
  static async load(db: Queryable, siteUrl: string): Promise<PublicUrls> {
    await db.query(`insert into platform.site_origins (origin) values ($1) on conflict (origin) do nothing`, [new URL(siteUrl).origin]);
    const { rows } = await db.query<{ origin: string }>(`select origin from platform.site_origins`);
    return new PublicUrls(rows.map((r) => r.origin));
  }

  private compile(): void {
    // Longest first, so http://host:8080 is not taken for http://host:80.
    const sorted = [...this.origins].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.pattern = sorted.length ? new RegExp(`(?:${sorted.join('|')})(?=${escapeRegExp(PUBLIC_PATH)})`, 'g') : undefined;
  }

  /** The text with every URL of our own storage moved to `origin` (cheap when there is none). */
  rewrite(text: string, origin: string): string {
    if (!this.pattern || !text.includes(PUBLIC_PATH)) return text;
    return text.replace(this.pattern, origin);
  }
}
