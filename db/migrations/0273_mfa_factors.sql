-- Two-factor authentication as GoTrue's MFA API (issue 36, item 5; decision 231): TOTP factors
-- and their challenges. A factor is 'unverified' until its first correct code; a challenge is one
-- attempt's window (5 minutes) and is deleted when answered. last_used_step is the TOTP time step
-- of the last accepted code: a code is never accepted twice, not even within its window.
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type = 'totp'),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text not null,
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists mfa_factors_user_friendly_name_idx on auth.mfa_factors (user_id, friendly_name) where friendly_name is not null;
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default showcase_private.app_now(),
  ip_address inet
);

revoke all on auth.mfa_factors, auth.mfa_challenges from anon, authenticated;
