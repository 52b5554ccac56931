-- Recovery codes for two-factor sign-in (issue 36 item 5, decision 243): GoTrue has none. Ten
-- single-use codes per account, shown once when made; only their SHA-256 is kept (each code
-- carries 50 random bits, and wrong tries are limited per account). One unused code stands in for
-- the authenticator app's code once. Making a new set removes the old one; removing the account's
-- last factor removes them too (server/auth/recovery-codes.ts).
create table if not exists auth.mfa_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  used_at timestamptz,
  unique (user_id, code_hash)
);

revoke all on auth.mfa_recovery_codes from anon, authenticated;
