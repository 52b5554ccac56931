import { describe, expect, it } from 'vitest';
import { staticImportClosure } from './build-manifest.ts';

describe('the static import closure of a chunk', () => {
  const graph: Record<string, string[]> = {
    entry: ['react', 'app'],
    app: ['react', 'router', 'entry'],
    router: [],
    react: [],
  };

  it('holds the chunk and everything it imports, each once, however often or circularly imported', () => {
    expect(staticImportClosure('entry', (k) => graph[k])).toEqual(['entry', 'react', 'app', 'router']);
  });

  it('keeps a key the graph does not know, and walks nothing past it', () => {
    expect(staticImportClosure('missing', (k) => graph[k])).toEqual(['missing']);
  });
});
