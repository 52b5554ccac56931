-- A sign-up's password becomes the account's only in the browser that chose it (issue 28, M4's
-- residue; decision 255). Following a sign-up's link proves the inbox; finishing the PKCE flow
-- with the verifier that only the signing-up browser holds proves that the password's author is
-- the one who opened the inbox. Between the two, the password and name wait here, keyed by the
-- flow, and the code exchange moves them onto the account. A link opened anywhere else (another
-- browser, an implicit-flow client, verifyOtp with a token hash) confirms the address and
-- activates nothing by itself: a lone squatter's password never meets the owner's click. The
-- browser that opened the link holds the code and may finish with the sign-up's password instead
-- of the verifier (the confirmation page asks for it; the finish-signup function), five tries.
--
-- Ours, not GoTrue's, in the platform schema that no API role can use.
create table if not exists platform.signup_activations (
  flow_state_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The sign-up's argon2id hash and metadata, as platform.pending_signups kept them.
  encrypted_password text not null,
  user_metadata jsonb not null default '{}'::jsonb,
  -- Wrong passwords typed on the confirmation page; the fifth drops the row.
  failed_attempts int not null default 0,
  created_at timestamptz not null default now()
);
create index if not exists signup_activations_created_at_idx on platform.signup_activations (created_at);
revoke all on platform.signup_activations from public;
