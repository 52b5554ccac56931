import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { profileServing } from '../../support/profile.ts';
import { announce, APPROVED_IDS_SQL, benchPglite, targetEnv } from '../protocol.ts';
import { REST_VOTE_PATH, SEARCH_TERM, STATEMENTS, type Scenario } from '../statements.ts';

/**
 * (c) The floor: a bare node:http handler. Each request is one transaction as role anon with the
 * anon claims set, then the scenario's fixed SQL (JSON built by Postgres) as one prepared
 * statement, whose text is written straight to the socket. No parsing, no JWT check, no
 * framework: whatever our server costs above this is the price of the protocol layer.
 */
const env = targetEnv();
const CLAIMS = JSON.stringify({ role: 'anon' });
const SET_CALLER = `select set_config('role', 'anon', true), set_config('request.jwt.claims', $1, true)`;

type Run = (scenario: Scenario, params: unknown[]) => Promise<string>;
/**
 * A prepared statement's generic plan cannot use the trigram index for a pattern it does not
 * know, so search is parsed and planned for its value each time, as our server does too.
 */
const PLAN_EACH_TIME = new Set<Scenario>(['search']);

async function pgliteRunner(): Promise<{ run: Run; ids: string[] }> {
  const db = await benchPglite(env);
  const ids = (await db.query<{ id: string }>(APPROVED_IDS_SQL)).rows.map((r) => r.id);
  const run: Run = (scenario, params) =>
    db.pglite.transaction(async (tx) => {
      await tx.query(SET_CALLER, [CLAIMS]);
      const r = await tx.query<{ body: string }>(STATEMENTS[scenario], params);
      return r.rows[0]?.body ?? 'null';
    });
  return { run, ids };
}

async function postgresRunner(): Promise<{ run: Run; ids: string[] }> {
  // The same pool size as our server's.
  const pool = new pg.Pool({ connectionString: env.databaseUrl, max: 10 });
  const ids = (await pool.query<{ id: string }>(APPROVED_IDS_SQL)).rows.map((r) => r.id);
  const run: Run = async (scenario, params) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query({ name: 'set_caller', text: SET_CALLER, values: [CLAIMS] });
      const r = await client.query<{ body: string }>({ name: PLAN_EACH_TIME.has(scenario) ? undefined : scenario, text: STATEMENTS[scenario], values: params });
      await client.query('commit');
      return r.rows[0]?.body ?? 'null';
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
  return { run, ids };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const { run, ids } = env.engine === 'postgres' ? await postgresRunner() : await pgliteRunner();

/** Which scenario a request is, by the path supabase-js would use for it (bench/api/statements.ts). */
function scenarioOf(url: URL): Scenario | undefined {
  if (url.pathname === REST_VOTE_PATH) return 'vote';
  if (url.pathname === '/rest/v1/project_listing') return 'search';
  if (url.pathname === '/rest/v1/projects') return url.searchParams.has('id') ? 'detail' : 'list';
  return undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://bare');
  let body: string;
  switch (scenarioOf(url)) {
    case 'list':
      body = await run('list', []);
      break;
    case 'search':
      body = await run('search', [`%${SEARCH_TERM}%`]);
      break;
    case 'detail':
      body = await run('detail', [url.searchParams.get('id')!.replace(/^eq\./, '')]);
      break;
    case 'vote': {
      // The voter is the token's subject; a floor does not verify what the other targets check.
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const claims = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString();
      const { project_id } = JSON.parse(await readBody(req)) as { project_id: string };
      body = await run('vote', [project_id, claims, JSON.stringify({ 'x-real-ip': '127.0.0.1' })]);
      break;
    }
    default:
      res.writeHead(404).end();
      return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
}

const server = createServer((req, res) => {
  handle(req, res).catch((err: Error) => {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const stopProfile = await profileServing();
announce({ url: `http://127.0.0.1:${port}`, projectIds: ids });
process.on('SIGTERM', () => void stopProfile().then(() => process.exit(0)));
