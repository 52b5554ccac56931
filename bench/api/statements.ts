/**
 * The four benchmark requests. PATHS is what supabase-js sends to /rest/v1 for each (and what
 * the bare floor server is told); STATEMENTS is the SQL the bare server runs for it, shaped like
 * what a PostgREST-style builder emits: rows selected and the JSON built inside Postgres.
 */
export type Scenario = 'list' | 'search' | 'detail' | 'vote';
export const SCENARIOS: Scenario[] = ['list', 'search', 'detail', 'vote'];

/** Selective enough for the trigram indexes: matches a handful of the 100,000 titles/descriptions. */
export const SEARCH_TERM = '4242';

const CARD = 'id,title,description,image_url,tool,category,created_at,featured,upvotes,comment_count,creators(id,name)';

/** The search card, as the site's search reads it from the listing view (creator flattened). */
const SEARCH_CARD = 'id,title,description,image_url,tool,category,created_at,featured,upvotes,comment_count,creator_id,creator_name';

export const REST_PATHS: Record<Exclude<Scenario, 'vote' | 'detail'>, string> = {
  list: `/rest/v1/projects?select=${CARD}&status=eq.approved&order=created_at.desc&limit=24`,
  // As the site searches: one ilike over title and description together (the view's search_text),
  // which its trigram index answers (db/migrations/0061).
  search:
    `/rest/v1/project_listing?select=${SEARCH_CARD}&status=eq.approved` +
    `&search_text=ilike.*${SEARCH_TERM}*&order=created_at.desc&limit=24`,
};
export const restDetailPath = (id: string) => `/rest/v1/projects?select=*,creators(id,name,bio)&id=eq.${id}`;
export const REST_VOTE_PATH = '/rest/v1/rpc/toggle_vote';

const CARD_COLUMNS = `t0.id, t0.title, t0.description, t0.image_url, t0.tool, t0.category, t0.created_at, t0.featured,
  t0.upvotes, t0.comment_count,
  (select row_to_json(_c) from (select c.id, c.name from public.creators c where c.id = t0.creator_id) as _c) as creators`;

export const STATEMENTS: Record<Scenario, string> = {
  list: `select coalesce(json_agg(_s), '[]')::text as body from (
    select ${CARD_COLUMNS} from public.projects t0
     where t0.status = 'approved' order by t0.created_at desc limit 24) as _s`,
  search: `select coalesce(json_agg(_s), '[]')::text as body from (
    select t0.id, t0.title, t0.description, t0.image_url, t0.tool, t0.category, t0.created_at, t0.featured,
      t0.upvotes, t0.comment_count, t0.creator_id, t0.creator_name from public.project_listing t0
     where t0.status = 'approved' and t0.search_text ilike $1
     order by t0.created_at desc limit 24) as _s`,
  detail: `select row_to_json(_s)::text as body from (
    select t0.*, (select row_to_json(_c) from (select c.id, c.name, c.bio from public.creators c where c.id = t0.creator_id) as _c) as creators
      from public.projects t0 where t0.id = $1::uuid) as _s`,
  // The caller's claims and request headers, as our server's preamble sets them, then the vote.
  vote: `select public.toggle_vote($1::uuid)::text as body
    from (select set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true)) as caller`,
};
