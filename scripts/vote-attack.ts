/**
 * The attacker of issue 14's "Done when": one IP adding as many votes as it can to one project,
 * rotating everything it can rotate — per-browser voter ids, anonymous sign-ins, e-mail sign-ups
 * (confirmed through the dev mailbox when confirmation is on) and user agents — then reporting how
 * many raw votes landed and how far the project moved in Trending.
 *
 *   npx tsx scripts/vote-attack.ts --url http://localhost:41201 [--project <uuid>] [--seconds 300] [--requests 2000]
 *
 * It only ever talks to a server on this machine (loopback), stops at the first limit of each kind
 * (or waits out a vote limit's Retry-After while time is left), and prints one JSON report. The
 * target defaults to the project ranked last in Trending, the one with the most places to climb.
 * Run it against a fresh demo database: it leaves its accounts and votes behind.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    project: { type: 'string' },
    seconds: { type: 'string', default: '300' },
    requests: { type: 'string', default: '2000' },
    'anon-key': { type: 'string' },
  },
});

const base = new URL(args.url!);
if (!['localhost', '127.0.0.1', '[::1]'].includes(base.hostname)) {
  console.error(`refusing to attack ${base.hostname}: this script talks to a server on this machine only`);
  process.exit(2);
}
const URL_ = base.origin;
const deadline = Date.now() + Number(args.seconds) * 1000;
let budget = Number(args.requests);

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
];
const userAgent = () => `${USER_AGENTS[Math.floor(Math.random() * USER_AGENTS.length)]} r/${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timeLeft = () => Date.now() < deadline && budget > 0;

async function anonKey(): Promise<string> {
  if (args['anon-key']) return args['anon-key'];
  const html = await (await fetch(`${URL_}/`)).text();
  const key = html.match(/<meta name="supabase-anon-key" content="([^"]+)"/)?.[1];
  if (!key) throw new Error('no anon key in index.html; pass --anon-key');
  return key;
}

const KEY = await anonKey();

function client(accessToken?: string): SupabaseClient {
  return createClient(URL_, KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { 'user-agent': userAgent(), ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) } },
  });
}

interface Ranked {
  id: string;
  title: string;
  upvotes: number;
  points?: number;
  trending_score: number;
}

async function trending(): Promise<Ranked[]> {
  // The listing of both versions has these; points only after issue 14.
  const withPoints = await client().from('project_listing').select('id,title,upvotes,points,trending_score').order('trending_score', { ascending: false });
  if (!withPoints.error) return withPoints.data as Ranked[];
  const { data, error } = await client().from('project_listing').select('id,title,upvotes,trending_score').order('trending_score', { ascending: false });
  if (error) throw new Error(`listing: ${error.message}`);
  return data as Ranked[];
}

interface Phase {
  requests: number;
  accepted_votes: number;
  /** Why the phase stopped. */
  stopped: string;
  statuses: Record<string, number>;
}
const phase = (): Phase => ({ requests: 0, accepted_votes: 0, stopped: 'time or request budget', statuses: {} });
const note = (p: Phase, status: number | string) => {
  p.requests++;
  budget--;
  p.statuses[status] = (p.statuses[status] ?? 0) + 1;
};

/** One vote as the session in `db`, waiting out the vote limit while time is left. */
async function voteAs(db: SupabaseClient, p: Phase, projectId: string): Promise<boolean> {
  while (timeLeft()) {
    const res = await db.rpc('toggle_vote', { project_id: projectId });
    note(p, res.status);
    if (res.status === 429) {
      // Over the vote limit: wait, and try again while time is left.
      await sleep(Math.max(0, Math.min(deadline - Date.now(), 5000)));
      continue;
    }
    return !res.error && (res.data as { upvoted?: boolean }).upvoted === true;
  }
  return false;
}

async function browserIds(projectId: string): Promise<Phase> {
  const p = phase();
  for (let i = 0; i < 200 && timeLeft(); i++) {
    const res = await fetch(`${URL_}/rest/v1/rpc/toggle_vote`, {
      method: 'POST',
      headers: { apikey: KEY, 'content-type': 'application/json', 'user-agent': userAgent() },
      body: JSON.stringify({ project_id: projectId, voter_id: randomUUID() }),
    });
    note(p, res.status);
    const body = (await res.json().catch(() => null)) as { upvoted?: boolean } | null;
    if (res.ok && body?.upvoted) p.accepted_votes++;
    else if (res.status === 429) {
      p.stopped = `429 after ${p.accepted_votes} votes`;
      break;
    } else {
      p.stopped = `refused: HTTP ${res.status}`;
      break;
    }
  }
  return p;
}

async function anonymousSignIns(projectId: string): Promise<Phase> {
  const p = phase();
  while (timeLeft()) {
    const db = client();
    const { data, error } = await db.auth.signInAnonymously();
    note(p, error?.status ?? 200);
    if (error || !data.session) {
      p.stopped = `${error?.status ?? '?'} ${error?.code ?? error?.message ?? 'no session'}`;
      break;
    }
    if (await voteAs(client(data.session.access_token), p, projectId)) p.accepted_votes++;
  }
  return p;
}

/** A confirmation link from the dev mailbox (loopback only), followed to its tokens. */
async function confirmThroughMailbox(email: string): Promise<string | undefined> {
  const res = await fetch(`${URL_}/_dev/mailbox.json`);
  if (!res.ok) return undefined;
  const { messages } = (await res.json()) as { messages: { to: string; links: string[] }[] };
  const link = messages.find((m) => m.to === email)?.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) return undefined;
  const landed = await fetch(link, { redirect: 'manual' });
  const location = landed.headers.get('location');
  return location ? (new URLSearchParams(new URL(location).hash.slice(1)).get('access_token') ?? undefined) : undefined;
}

async function emailSignUps(projectId: string): Promise<Phase> {
  const p = phase();
  for (let i = 0; timeLeft(); i++) {
    const email = `farm-${Date.now().toString(36)}-${i}@attacker.example`;
    const db = client();
    const { data, error } = await db.auth.signUp({ email, password: `P4ss-${randomUUID()}` });
    note(p, error?.status ?? 200);
    if (error) {
      p.stopped = `${error.status ?? '?'} ${error.code ?? error.message}`;
      break;
    }
    const token = data.session?.access_token ?? (await confirmThroughMailbox(email));
    if (token && (await voteAs(client(token), p, projectId))) p.accepted_votes++;
  }
  return p;
}

const before = await trending();
const target = args.project ? before.find((r) => r.id === args.project) : before.at(-1);
if (!target) throw new Error('no such approved project');
const rankOf = (rows: Ranked[]) => rows.findIndex((r) => r.id === target.id) + 1;
const started = Date.now();

const phases = {
  browser_ids: await browserIds(target.id),
  anonymous_sign_ins: await anonymousSignIns(target.id),
  email_sign_ups: await emailSignUps(target.id),
};
const after = await trending();
const now = after.find((r) => r.id === target.id)!;
const rawVotes = Object.values(phases).reduce((n, p) => n + p.accepted_votes, 0);

console.log(
  JSON.stringify(
    {
      server: URL_,
      seconds: Math.round((Date.now() - started) / 1000),
      target: target.title,
      projects_in_trending: after.length,
      raw_votes_added: rawVotes,
      phases,
      before: { trending_rank: rankOf(before), upvotes: target.upvotes, points: target.points, trending_score: target.trending_score },
      after: { trending_rank: rankOf(after), upvotes: now.upvotes, points: now.points, trending_score: now.trending_score },
      places_moved: rankOf(before) - rankOf(after),
      overtaken: before.slice(rankOf(after) - 1, rankOf(before) - 1).map((r) => r.title),
    },
    null,
    2,
  ),
);
