-- Preview images (issue 33 item 1, decision 251): the 1200×630 PNG the server draws for a shared
-- link to a project, a maker, a tag, a leaderboard or the winners. One row per thing shown: the
-- image it shows now, named by `version` (a hash of exactly what it shows, the one in its URL),
-- with what it shows (`shows`), the hash of all of that but its vote counts (`steady`: a change of
-- votes alone is redrawn at most every 10 minutes) and when it was drawn.
-- A redraw replaces the row, so a site keeps one image per page, never a history.
--
-- Only the server's own login reads or writes it (schema platform): whether a visitor may see the
-- thing at all is decided before, by reading it as anon through the same policies as the API.
create table if not exists platform.preview_images (
  kind text not null check (kind in ('project', 'maker', 'tag', 'leaderboard', 'winners')),
  subject text not null check (length(subject) <= 200),
  version text not null check (version ~ '^[0-9a-f]{16}$'),
  steady text not null check (steady ~ '^[0-9a-f]{16}$'),
  shows jsonb not null,
  png bytea not null,
  drawn_at timestamptz not null default now(),
  primary key (kind, subject)
);
revoke all on platform.preview_images from public;
