-- Realtime across several server instances (issue 20, decision 191).
--
-- Broadcasts and presence travel between instances as NOTIFYs on the channel realtime_cluster.
-- A NOTIFY payload holds at most 8000 bytes; a message larger than that is written here and the
-- NOTIFY carries only its id. Unlogged: these rows live for moments, and a crash loses nothing a
-- subscriber could still want. Only the server's own login reads or writes it.
create unlogged table if not exists platform.realtime_cluster_messages (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default now()
);
revoke all on platform.realtime_cluster_messages from public;
