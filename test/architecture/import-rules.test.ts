import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md, as dependency-cruiser checks them over our own code
 * (.dependency-cruiser.cjs says each rule's why; decision 209). A failure names each forbidden import
 * and what to do instead.
 */
interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: Array<{ name: string }>;
}

const root = new URL('../../', import.meta.url).pathname;
const rules = (createRequire(import.meta.url)(`${root}.dependency-cruiser.cjs`) as { forbidden: Array<{ name: string; comment: string }> })
  .forbidden;
let violations: Violation[] = [];

beforeAll(async () => {
  const bin = `${root}node_modules/.bin/depcruise`;
  // Exit code 1 means "violations found": the report is still complete JSON on stdout.
  const run = await promisify(execFile)(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'server', 'web', 'domain', 'db'], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stdout?: string; code?: number }) => {
    if (error.code === 1 && error.stdout) return { stdout: error.stdout };
    throw error;
  });
  violations = (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 180_000);

describe('the import rules hold', () => {
  it.each(rules.map((rule) => [rule.name, rule.comment] as const))('%s', (name, why) => {
    const broken = violations
      .filter((v) => v.rule.name === name)
      .map((v) => (v.cycle?.length ? [v.from, ...v.cycle.map((step) => step.name)].join(' → ') : `${v.from} → ${v.to}`));
    expect(broken, `${name}: ${why}`).toEqual([]);
  });

});
