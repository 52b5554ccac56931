/**
 * The data both servers are loaded with for the conformance comparison: fixed ids and times so
 * rows compare equal, a mix of statuses (RLS hides pending/rejected from visitors), tools,
 * categories, featured flags, nulls and comments. Inserted as the database owner, so the
 * triggers keep the given times and counts.
 */
export type Exec = (sql: string, params: unknown[]) => Promise<unknown>;

export const ANN = '0c000000-0000-4000-8000-00000000a001';
export const BOB = '0c000000-0000-4000-8000-00000000b002';
/** Signed in, but has no creator row yet: the spec's submit flow starts with PGRST116. */
export const CARL = '0c000000-0000-4000-8000-00000000c003';

export const projectId = (n: number) => `0c000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const commentId = (n: number) => `0c000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

const TOOLS = ['Lovable', 'Cursor', 'Bolt'] as const;
const CATEGORIES = ['Website', 'App', 'Dashboard', 'E-commerce', 'Portfolio', 'Blog', 'Other'] as const;
const NAMES = ['Atlas', 'Beacon', 'Compass', 'Drift', 'Ember', 'Flux', 'Grove', 'Harbor', 'Iris', 'Juniper', 'Kite', 'Lumen'];

export const PROJECT_COUNT = 18;
export const statusOf = (n: number) => (n % 9 === 0 ? 'rejected' : n % 6 === 0 ? 'pending' : 'approved');

export async function loadFixture(exec: Exec): Promise<void> {
  for (const [id, email, name] of [
    [ANN, 'ann@conformance.test', 'Ann Archer'],
    [BOB, 'bob@conformance.test', 'Bob Baker'],
    [CARL, 'carl@conformance.test', 'Carl Cole'],
  ] as const) {
    await exec(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '2024-01-01T00:00:00Z', '{"provider":"email","providers":["email"]}', $3, '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')`,
      [id, email, JSON.stringify({ name })],
    );
  }
  // The trigger stamps updated_at with now(), which would differ between the two databases.
  await exec('alter table public.creators disable trigger creators_before_write', []);
  await exec(
    `insert into public.creators (id, name, bio, created_at, updated_at) values
       ($1, 'Ann Archer', 'Builds dashboards with AI.', '2024-01-02T00:00:00Z', '2024-01-02T00:00:00Z'),
       ($2, 'Bob Baker', null, '2024-01-03T00:00:00Z', '2024-01-03T00:00:00Z')`,
    [ANN, BOB],
  );
  await exec('alter table public.creators enable trigger creators_before_write', []);
  for (let n = 1; n <= PROJECT_COUNT; n++) {
    const name = NAMES[n % NAMES.length]!;
    await exec(
      `insert into public.projects (id, title, description, long_description, image_url, live_url, github_url,
                                    tool, category, creator_id, created_at, updated_at, featured, upvotes, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14)`,
      [
        projectId(n),
        `${name} ${n}`,
        n % 4 === 0 ? `A ${CATEGORIES[n % 7]!.toLowerCase()} with Magic search (#${n})` : `Project number ${n} made with AI`,
        n % 3 === 0 ? `Longer text for ${name}.` : null,
        n % 5 === 0 ? null : `https://img.example.com/${n}.png`,
        `https://${name.toLowerCase()}-${n}.example.com`,
        n % 2 === 0 ? `https://github.com/example/${name.toLowerCase()}` : null,
        TOOLS[n % 3],
        CATEGORIES[n % 7],
        n % 3 === 1 ? BOB : ANN,
        new Date(Date.UTC(2024, 2, 1, 12, 0, 0) + n * 3_600_000 * 7).toISOString(),
        n % 7 === 0,
        (n * 37) % 50,
        statusOf(n),
      ],
    );
  }
  const comments: [number, number, string, string][] = [
    [1, 2, BOB, 'Great work!'],
    [2, 2, ANN, 'Thanks <b>Bob</b>'],
    [3, 4, CARL, 'How did you build the search?'],
    [4, 5, BOB, 'Nice colours'],
    [5, 2, CARL, 'Bookmarked.'],
  ];
  for (const [n, project, user, content] of comments) {
    await exec(
      `insert into public.project_comments (id, project_id, user_id, content, created_at) values ($1, $2, $3, $4, $5)`,
      [commentId(n), projectId(project), user, content, new Date(Date.UTC(2024, 3, 1) + n * 60_000).toISOString()],
    );
  }
  await exec('analyze public.projects, public.creators, public.project_comments', []);
}
