-- Admin panel › Users and Dashboard. Definer-rights functions because they read and change
-- auth.users, which the API roles cannot touch; each checks the caller's current row first
-- (is_admin()/is_moderator() from 0002) and refuses with the spec's permission messages.

create or replace function public.admin_list_users(search text default '', max_rows integer default 50, skip_rows integer default 0)
returns table (
  id uuid,
  email text,
  role text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  is_banned boolean,
  name text,
  bio text,
  avatar_url text,
  total_count bigint
)
language plpgsql stable security definer set search_path = '' as $$
declare
  term text := lower(btrim(coalesce(search, '')));
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to view users' using errcode = '42501';
  end if;
  if char_length(term) > 200 then
    raise exception 'Search text is too long (at most 200 characters)' using errcode = '22023';
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 100 or skip_rows is null or skip_rows < 0 then
    raise exception 'max_rows must be between 1 and 100 and skip_rows at least 0' using errcode = '22023';
  end if;
  return query
    with listed as (
      select u.id,
             coalesce(u.email::text, 'No email') as email,
             case when u.raw_app_meta_data ->> 'role' in ('admin', 'moderator') then u.raw_app_meta_data ->> 'role' else 'user' end as role,
             u.created_at,
             u.last_sign_in_at,
             (u.banned_until is not null and u.banned_until > now()) as is_banned,
             coalesce(cr.name, nullif(u.raw_user_meta_data ->> 'name', ''), split_part(u.email, '@', 1), 'Unknown') as name,
             cr.bio,
             coalesce(cr.avatar_url, nullif(u.raw_user_meta_data ->> 'avatar_url', '')) as avatar_url
        from auth.users u
        left join public.creators cr on cr.id = u.id
       where u.deleted_at is null
    )
    select l.*, count(*) over () as total_count
      from listed l
     -- strpos, not ilike: what the admin types is matched literally, % and _ included.
     where term = '' or strpos(lower(l.email), term) > 0 or strpos(lower(l.name), term) > 0
     order by l.created_at desc, l.id
     limit max_rows offset skip_rows;
end $$;

create or replace function public.set_user_role(user_id uuid, new_role text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to update user roles' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('user', 'moderator', 'admin') then
    raise exception 'Unknown role: expected user, moderator or admin' using errcode = '22023';
  end if;
  if user_id = auth.uid() then
    -- Otherwise the last admin could lock everyone out of the panel by accident.
    raise exception 'You cannot change your own role' using errcode = '22023';
  end if;
  update auth.users u
     set raw_app_meta_data = case when new_role = 'user' then u.raw_app_meta_data - 'role'
                                  else u.raw_app_meta_data || jsonb_build_object('role', new_role) end,
         updated_at = now()
   where u.id = set_user_role.user_id and u.deleted_at is null;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  return new_role;
end $$;

create or replace function public.set_user_ban(user_id uuid, banned boolean)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to ban/unban users' using errcode = '42501';
  end if;
  if banned is null then
    raise exception 'banned must be true or false' using errcode = '22023';
  end if;
  if user_id = auth.uid() then
    raise exception 'You cannot ban yourself' using errcode = '22023';
  end if;
  -- A far-future banned_until, as GoTrue's "ban_duration: none"-less permanent ban; JSON clients
  -- parse it, which 'infinity' would not survive.
  update auth.users u
     set banned_until = case when banned then now() + interval '100 years' else null end,
         updated_at = now()
   where u.id = set_user_ban.user_id and u.deleted_at is null;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if banned then
    -- Signing out everywhere: refresh tokens stop working at once; RLS refuses writes meanwhile.
    delete from auth.sessions s where s.user_id = set_user_ban.user_id;
  end if;
  return banned;
end $$;

create or replace function public.admin_dashboard_stats()
returns json
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to view stats' using errcode = '42501';
  end if;
  return json_build_object(
    'totalUsers', (select count(*) from auth.users u where u.deleted_at is null),
    'totalProjects', (select count(*) from public.projects),
    'totalViews', (select count(*) from public.project_views),
    'totalComments', (select count(*) from public.project_comments)
  );
end $$;

revoke all on function public.admin_list_users(text, integer, integer), public.set_user_role(uuid, text),
  public.set_user_ban(uuid, boolean), public.admin_dashboard_stats() from public, anon;
grant execute on function public.admin_list_users(text, integer, integer), public.set_user_role(uuid, text),
  public.set_user_ban(uuid, boolean), public.admin_dashboard_stats() to authenticated, service_role;
