import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is the map a newcomer reads: a folder it does not name is a folder nobody
 * can place. Each top-level folder of server/ and web/features/ must appear in it as `name/`.
 */
const root = new URL('../../', import.meta.url).pathname;
const map = readFileSync(`${root}docs/architecture.md`, 'utf8');
const folders = (dir: string) =>
  readdirSync(`${root}${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('docs/architecture.md names every top-level folder', () => {
  it.each(folders('server').map((name) => [`server/${name}/`, name] as const))('%s', (path) => {
    expect(map, `add a paragraph for ${path} to docs/architecture.md`).toContain(`\`${path}\``);
  });

  it.each(folders('web/features').map((name) => [`web/features/${name}/`, name] as const))('%s', (_path, name) => {
    expect(map, `add a paragraph for web/features/${name}/ to docs/architecture.md`).toContain(`\`${name}/\``);
  });
});
