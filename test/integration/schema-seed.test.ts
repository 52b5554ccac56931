import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, TOOLS } from '../../domain/catalog.ts';
import { seedBulkProjects } from '../../db/seed/bulk.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let log: string | undefined;

beforeAll(async () => {
  server = await startTestServer();
  log = await seedDemoData(server.ctx);
});
afterAll(() => server?.close());

describe('demo seed', () => {
  // How long it takes is a benchmark's question, not a test's (it failed on a machine running two CI runs at once).
  it('fills an empty database once, and says so', async () => {
    expect(log).toMatch(/^seeded demo data: 10 creators, 38 projects/);
    expect(await seedDemoData(server.ctx)).toBeUndefined();
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.projects');
    expect(rows[0]!.n).toBe(38);
  });

  it('shows visitors at least 30 approved projects over every tool and category, some featured', async () => {
    const { data, error } = await server.anon().from('projects').select('*, creators(id, name, bio)').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(30);
    expect(new Set(data!.map((p) => p.tool))).toEqual(new Set(TOOLS));
    expect(new Set(data!.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(data!.filter((p) => p.featured).length).toBeGreaterThanOrEqual(3);
    expect(data!.every((p) => p.creators?.name && p.creators?.bio)).toBe(true);
    expect(data!.some((p) => p.upvotes > 0 && p.comment_count > 0)).toBe(true);
  });

  it('keeps a few projects in review, visible to the service role only', async () => {
    const { count } = await server.service().from('projects').select('*', { count: 'exact', head: true }).eq('status', 'pending');
    expect(count).toBeGreaterThanOrEqual(3);
  });

  it('has at least 8 creators with bios, comments named by the database, and counts that match', async () => {
    const { rows: creators } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.creators where bio <> ''`);
    expect(creators[0]!.n).toBeGreaterThanOrEqual(8);
    const { rows } = await server.ctx.db.query<{ bad: number }>(
      `select count(*)::int as bad from public.projects p
        where p.upvotes <> p.legacy_votes + (select count(*) from public.project_votes v where v.project_id = p.id)
           or p.comment_count <> (select count(*) from public.project_comments c where c.project_id = p.id)`,
    );
    expect(rows[0]!.bad).toBe(0);
    const { rows: names } = await server.ctx.db.query<{ bad: number }>(
      `select count(*)::int as bad from public.project_comments pc join public.creators c on c.id = pc.user_id where pc.user_name <> c.name`,
    );
    expect(names[0]!.bad).toBe(0);
  });

  it('stores a 1200×675 WebP per project where storage serves it', async () => {
    const { data } = await server.service().from('projects').select('image_url');
    for (const { image_url } of data!) {
      expect(image_url).toMatch(new RegExp(`^${server.url}/storage/v1/object/public/project-images/demo/[a-z0-9-]+\\.webp$`));
      const name = image_url.split('/project-images/')[1];
      const file = join(server.ctx.config.DATA_DIR, 'storage', 'project-images', name);
      expect(existsSync(file)).toBe(true);
    }
    const sample = data![0]!.image_url as string;
    const meta = await sharp(join(server.ctx.config.DATA_DIR, 'storage', 'project-images', sample.split('/project-images/')[1]!)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    const res = await fetch(sample);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });
});

describe('bulk projects for the benchmark', () => {
  it('adds n approved-mostly projects over every tool and category', async () => {
    expect(await seedBulkProjects(server.ctx.db, 2000)).toBe(2000);
    const { rows } = await server.ctx.db.query<{ tools: number; categories: number; approved: number }>(
      `select count(distinct tool)::int as tools, count(distinct category)::int as categories,
              count(*) filter (where status = 'approved')::int as approved
         from public.projects where creator_id = '00000000-0000-4000-8000-00000000b01c'`,
    );
    expect(rows[0]).toEqual({ tools: 3, categories: 7, approved: 1960 });
  });

  it('are launched and listed to a signed-out visitor as the site lists them, each with its tool', async () => {
    // The benchmark reads them as anon: without launched_at and the tool rows its lists would be empty.
    const { data, count, error } = await server
      .anon()
      .from('project_listing')
      .select('id,tool,tools', { count: 'exact' })
      .eq('creator_name', 'Bulk Maker')
      .order('created_at', { ascending: false })
      .limit(24);
    expect(error).toBeNull();
    expect(count).toBe(1960);
    expect(data).toHaveLength(24);
    for (const row of data!) expect(row.tools).toEqual([row.tool]);
  });
});
