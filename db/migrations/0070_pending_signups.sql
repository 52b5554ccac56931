-- Sign-ups waiting for their e-mail link (finding M4 of the security audit; decision 100).
-- Each sign-up of a not-yet-confirmed address keeps its own password hash and metadata next to
-- the hash of the link it e-mailed. Following a link confirms the address and activates the
-- password of the sign-up that produced that link, and no other; the other pending sign-ups of
-- the address are then dropped. auth.users.encrypted_password stays empty until then, so neither
-- a squatter who signed up first nor a stranger who signs up later holds a working password.
--
-- Ours, not GoTrue's (GoTrue keeps the first password): in the platform schema, which no API role
-- can use. On hosted Supabase GoTrue handles sign-up and this table stays empty.
create table if not exists platform.pending_signups (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- SHA-256 of the secret in the e-mailed link.
  token_hash text not null unique,
  -- The sign-up's argon2id hash.
  encrypted_password text not null,
  user_metadata jsonb not null default '{}'::jsonb,
  -- The PKCE flow the link finishes, as auth.one_time_tokens.flow_state_id.
  flow_state_id uuid,
  created_at timestamptz not null default now()
);
create index if not exists pending_signups_user_id_idx on platform.pending_signups (user_id, created_at);
revoke all on platform.pending_signups from public;
