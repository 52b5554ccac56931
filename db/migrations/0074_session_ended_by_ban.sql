-- When a session ended because its account was banned, the refusal says so (detail 'user_banned'),
-- so the app can tell the person their account is suspended rather than show a generic failure
-- (defect 17 of the new-user walk). The account's own token is the only one that learns this.
create or replace function platform.require_live_session(p_session_id text, p_user_id text)
returns void
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
    if exists (select 1 from auth.users u where u.id = p_user_id::uuid and u.banned_until > now() and u.deleted_at is null) then
      raise sqlstate 'PT401' using message = 'JWT session has ended', detail = 'user_banned';
    end if;
    raise sqlstate 'PT401' using message = 'JWT session has ended';
  end if;
end
$$;
revoke all on function platform.require_live_session(text, text) from public;
