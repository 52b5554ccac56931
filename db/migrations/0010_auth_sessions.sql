-- Auth bookkeeping for our GoTrue-compatible /auth/v1, shaped like GoTrue's own tables so that
-- policies and functions written for hosted Supabase read the same columns. Every statement is
-- guarded: on hosted Supabase these tables exist already and the file changes nothing.

alter table auth.users add column if not exists email_change varchar(255);
alter table auth.users add column if not exists phone text;
alter table auth.users add column if not exists is_sso_user boolean not null default false;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text not null default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- token holds a SHA-256 of the refresh token, never the token itself (GoTrue stores it plain).
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

-- PKCE: what /authorize, /signup, /recover and /resend remember until the code is exchanged.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);

-- E-mailed links and nonces; token_hash is a SHA-256 of what the e-mail carries.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  -- Ours, not GoTrue's: the PKCE flow a link finishes, so /verify can answer with ?code=.
  flow_state_id uuid,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- The API roles never read these directly: only the server (and SECURITY DEFINER helpers) do.
revoke all on auth.sessions, auth.refresh_tokens, auth.identities, auth.flow_state, auth.one_time_tokens
  from anon, authenticated;

-- How each session was authenticated (the `amr` claim), as GoTrue's mfa_amr_claims.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  id uuid primary key default gen_random_uuid(),
  unique (session_id, authentication_method)
);
revoke all on auth.mfa_amr_claims from anon, authenticated;

-- Token buckets for the auth endpoints (GoTrue limits /token as a rate with a burst), kept in
-- the database so every server process on it shares them.
create table if not exists platform.auth_rate_buckets (
  key text primary key,
  tokens double precision not null,
  updated_at timestamptz not null default now()
);
