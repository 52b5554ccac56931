-- Blog posts and documentation pages (admin panel › Content; public /blog and /documentation).
-- Bodies are Markdown, stored as written; the web app renders them without raw HTML.

create table if not exists public.content_items (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique
    check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  type text not null check (type in ('blog', 'documentation')),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  category text not null default 'General' check (char_length(btrim(category)) between 1 and 60),
  excerpt text not null default '' check (char_length(excerpt) <= 500),
  body text not null check (char_length(btrim(body)) between 1 and 100000),
  author text not null default 'AI Showcase Team' check (char_length(btrim(author)) between 1 and 100),
  -- Minutes at 200 words a minute, at least one: derived, so it can never disagree with the body.
  read_time integer generated always as (
    greatest(1, ceil(coalesce(array_length(regexp_split_to_array(btrim(body), '\s+'), 1), 0) / 200.0)::integer)
  ) stored,
  status text not null default 'draft' check (status in ('published', 'draft')),
  -- Documents are shown in this order on /documentation.
  position integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index if not exists content_items_type_status_idx on public.content_items (type, status, created_at desc);

alter table public.content_items enable row level security;

drop policy if exists content_items_public_read on public.content_items;
create policy content_items_public_read on public.content_items
  for select to anon, authenticated
  using (status = 'published' or (select public.is_admin()));

drop policy if exists content_items_admin_insert on public.content_items;
create policy content_items_admin_insert on public.content_items
  for insert to authenticated with check ((select public.is_admin()));

drop policy if exists content_items_admin_update on public.content_items;
create policy content_items_admin_update on public.content_items
  for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

drop policy if exists content_items_admin_delete on public.content_items;
create policy content_items_admin_delete on public.content_items
  for delete to authenticated using ((select public.is_admin()));

-- A readable, unique slug from the title when none is given; trims what users type.
create or replace function public.content_items_prepare() returns trigger
language plpgsql as $$
declare
  base text;
  candidate text;
  n integer := 1;
begin
  -- The same limits as the checks above, in words an editor understands.
  if char_length(btrim(coalesce(new.title, ''))) = 0 then
    raise exception 'Please enter a title' using errcode = '23514';
  elsif char_length(btrim(new.title)) > 200 then
    raise exception 'The title is too long (at most 200 characters)' using errcode = '23514';
  elsif char_length(btrim(coalesce(new.body, ''))) = 0 then
    raise exception 'Please write the content' using errcode = '23514';
  elsif char_length(new.body) > 100000 then
    raise exception 'The content is too long (at most 100,000 characters)' using errcode = '23514';
  elsif char_length(coalesce(new.excerpt, '')) > 500 then
    raise exception 'The excerpt is too long (at most 500 characters)' using errcode = '23514';
  end if;
  new.title := btrim(new.title);
  new.category := btrim(coalesce(new.category, 'General'));
  new.author := btrim(new.author);
  new.excerpt := btrim(coalesce(new.excerpt, ''));
  if tg_op = 'INSERT' then
    new.created_by := coalesce(new.created_by, auth.uid());
    -- API callers get the real time; migrations and seeds (no caller) may set publication dates.
    if auth.uid() is not null then new.created_at := now(); end if;
  else
    new.created_at := old.created_at;
    new.created_by := old.created_by;
  end if;
  new.updated_at := case when tg_op = 'INSERT' then new.created_at else now() end;
  if new.slug is null or btrim(new.slug) = '' then
    base := left(btrim(regexp_replace(lower(coalesce(new.title, '')), '[^a-z0-9]+', '-', 'g'), '-'), 100);
    if base = '' then base := 'item'; end if;
    candidate := base;
    while exists (select 1 from public.content_items c where c.slug = candidate and c.id <> new.id) loop
      n := n + 1;
      candidate := base || '-' || n;
    end loop;
    new.slug := candidate;
  end if;
  return new;
end $$;

drop trigger if exists content_items_prepare on public.content_items;
create trigger content_items_prepare before insert or update on public.content_items
  for each row execute function public.content_items_prepare();

-- Seed: the spec's three blog articles and its four documentation sections ------------------
insert into public.content_items (slug, type, title, category, excerpt, body, author, status, position, created_at)
values
(
  'building-your-first-app-with-lovable', 'blog',
  'Building Your First App with Lovable', 'Tutorial',
  'A step-by-step walkthrough of turning an idea into a working web app with Lovable, from the first prompt to a shareable link.',
  $md$Lovable turns a plain-language description into a running web app. This walkthrough takes you from an idea to a link you can share.

## Start with a clear prompt

Describe what the app does, who it is for and the two or three screens it needs. Short, concrete prompts work better than long wish lists.

## Iterate in small steps

Ask for one change at a time: a new field, a different layout, a fix for an error. Check the preview after each step so you always know what changed.

## Connect data

When the app needs to remember things, connect a database and describe the tables in words. Keep permissions in mind from the start: who may read, who may write.

## Share it

Publish the app, then submit it here so the community can try it and leave feedback.$md$,
  'Sarah Chen', 'published', 0, timestamptz '2024-03-10 09:00:00+00'
),
(
  'cursor-tips-for-faster-development', 'blog',
  '10 Cursor Tips for Faster Development', 'Tips & Tricks',
  'Practical habits for working with Cursor: better context, smaller diffs and reviews that catch what the model missed.',
  $md$Cursor is at its best when you give it the right context and keep changes small.

1. Open the files that matter before you ask.
2. Ask for a plan before asking for code.
3. Keep each request to one change.
4. Read every diff before you accept it.
5. Run the tests after each change.
6. Name things clearly so the model can find them.
7. Keep a short notes file describing the architecture.
8. Ask it to explain code you did not write.
9. Use it to write tests first, then the code.
10. Commit often, so a bad suggestion is one step to undo.$md$,
  'Alex Rivera', 'published', 0, timestamptz '2024-03-05 09:00:00+00'
),
(
  'the-future-of-ai-assisted-coding', 'blog',
  'The Future of AI-Assisted Coding', 'Industry',
  'Where tools like Lovable, Cursor and Bolt are heading, and what it means for people who build software.',
  $md$AI coding tools have moved from autocomplete to building whole features. What comes next?

## From suggestions to collaborators

Tools increasingly keep track of a whole project, not just the current file. They plan, edit several files and run the result.

## Humans stay in charge

The best results still come from people who know what they want, review what they get and care about the details users notice.

## Showcases matter

Sharing what you built, and how, is how the community learns what works. That is why this site exists.$md$,
  'Jordan Lee', 'published', 0, timestamptz '2024-02-28 09:00:00+00'
),
(
  'getting-started', 'documentation',
  'Getting Started', 'Guide',
  'What this site is and how to find your way around.',
  $md$AI Showcase is a community site for projects built with AI coding tools such as Lovable, Cursor and Bolt.

- Browse all projects, search by title or description, and filter by tool and category.
- Open a project to see its details, visit the live site or the source, upvote it and read the comments.
- Create an account to comment, submit your own projects and manage them under My Projects.$md$,
  'AI Showcase Team', 'published', 1, timestamptz '2024-03-01 09:00:00+00'
),
(
  'submitting-projects', 'documentation',
  'Submitting Projects', 'Guide',
  'How to share your project with the community.',
  $md$1. Sign in to your account.
2. Click **Submit Project** in the header.
3. Fill in the project details: title, a short description, a detailed description, the AI tool you used and a category.
4. Add a screenshot and links to the live demo and the source code.
5. Submit your project for review. Once the team approves it, it appears in the showcase.$md$,
  'AI Showcase Team', 'published', 2, timestamptz '2024-03-01 09:00:00+00'
),
(
  'project-guidelines', 'documentation',
  'Project Guidelines', 'Guide',
  'What we look for in a showcased project.',
  $md$- Projects must be built with or enhanced by AI tools.
- Give a clear description of what the project does and how AI helped.
- Include working demo links or screenshots.
- Follow the community guidelines: be respectful and constructive.
- Respect intellectual property: only submit work you have the right to share.$md$,
  'AI Showcase Team', 'published', 3, timestamptz '2024-03-01 09:00:00+00'
),
(
  'api-documentation', 'documentation',
  'API Documentation', 'Reference',
  'Programmatic access to the showcase.',
  $md$Coming soon$md$,
  'AI Showcase Team', 'published', 4, timestamptz '2024-03-01 09:00:00+00'
)
on conflict (slug) do nothing;
