-- Project views for the dashboard's totalViews: at most one per browser per project per day
-- (UTC), counted through record_project_view() so nobody can write counts directly.

create table if not exists public.project_views (
  project_id uuid not null references public.projects (id) on delete cascade,
  browser_id text not null,
  viewed_on date not null default ((now() at time zone 'utc')::date),
  created_at timestamptz not null default now(),
  primary key (project_id, browser_id, viewed_on)
);

alter table public.project_views enable row level security;
-- No policies and no grants: the rows identify browsers, and only the counting function and
-- admin_dashboard_stats() (both definer-rights) touch them.
revoke all on public.project_views from anon, authenticated;

create or replace function public.record_project_view(project_id uuid, browser_id text)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  visible boolean;
  inserted integer;
begin
  if browser_id is null or browser_id !~ '^[A-Za-z0-9_-]{16,64}$' then
    raise exception 'Invalid browser id' using errcode = '22023',
      hint = 'Send a random identifier of 16 to 64 letters, digits, - or _ kept by the browser.';
  end if;
  select p.status = 'approved' into visible from public.projects p where p.id = record_project_view.project_id;
  if visible is null then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;
  -- Owners previewing a project under review do not count as visitors.
  if not visible then
    return false;
  end if;
  insert into public.project_views (project_id, browser_id)
  values (record_project_view.project_id, record_project_view.browser_id)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  return inserted > 0;
end $$;

revoke all on function public.record_project_view(uuid, text) from public;
grant execute on function public.record_project_view(uuid, text) to anon, authenticated, service_role;
