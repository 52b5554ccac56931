-- Data calls check that their token's session is still live (finding L6 of the security audit):
-- sign-out, refresh-token reuse revocation and bans delete the session, and from then on its
-- access token reaches nothing, though its signature stays valid until it expires. (A ban is seen
-- through its deleted sessions; what a banned account may still do is RLS's is_banned()'s call.) The server
-- calls this first in a request's transaction, while its role is still the server's own, and
-- caches a live answer for a few seconds (SESSION_CHECK_SECONDS); SQLSTATE PT401 means "answer 401".
create or replace function platform.require_live_session(p_session_id text, p_user_id text)
returns void
-- Definer's rights: the check reads auth tables whatever role the statement has switched to.
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not exists (
    select 1
      from auth.sessions s
      join auth.users u on u.id = s.user_id
     where s.id = p_session_id::uuid
       and s.user_id = p_user_id::uuid
       and (s.not_after is null or s.not_after > now())
       and u.deleted_at is null
  ) then
    raise sqlstate 'PT401' using message = 'JWT session has ended';
  end if;
end
$$;
revoke all on function platform.require_live_session(text, text) from public;
