-- Passwordless sign-in (issue 36, item 6): what signInWithOtp({ email }) e-mails, a link and a
-- six-digit code for the same sign-in, either of which works once. One row per account: a new
-- request replaces the last, so only the newest mail works. Both are stored as hashes; the code's
-- small space is why it also counts failed attempts (the fifth wrong code ends it). The link is a
-- separate 256-bit secret: knowing the address must not let anyone compute a working link.
create table if not exists auth.sign_in_codes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  link_hash text not null unique,
  code_hash text not null,
  failed_attempts integer not null default 0,
  -- The PKCE flow the link finishes, so /verify can answer with ?code= as for other links.
  flow_state_id uuid,
  created_at timestamptz not null default showcase_private.app_now()
);

revoke all on auth.sign_in_codes from anon, authenticated;
