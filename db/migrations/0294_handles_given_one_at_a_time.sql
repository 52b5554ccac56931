-- Handles given one at a time (decision 228). Two creators made at once from the same name both saw
-- "maker" free and the second insert failed on creators_handle_key: a sign-up could fail for
-- another's timing. The database now gives handles under one transaction-long advisory lock, so
-- the second waits for the first to commit, then sees its handle taken and numbers its own.
-- Handles are given when a creator row is made (a sign-up, a first submission): rare and short.

create or replace function showcase_private.new_handle(creator uuid, display_name text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  source text;
  base text;
  candidate text;
  n integer := 1;
begin
  foreach source in array array[display_name, (select split_part(u.email, '@', 1) from auth.users u where u.id = creator), 'maker'] loop
    base := regexp_replace(lower(coalesce(source, '')), '[^a-z0-9]+', '_', 'g');
    base := regexp_replace(base, '^[^a-z]+', '');
    base := btrim(left(base, 24), '_');
    exit when char_length(base) >= 3 and not showcase_private.handle_is_reserved(base);
  end loop;
  -- Held to the end of the transaction; the reads below start after it, so they see every handle
  -- committed by whoever held it before (each statement takes a fresh snapshot).
  perform pg_advisory_xact_lock(228228, 1);
  candidate := base;
  while showcase_private.handle_is_reserved(candidate)
        or exists (select 1 from public.creators c where c.handle = candidate and c.id <> creator) loop
    n := n + 1;
    candidate := base || n::text;
  end loop;
  return candidate;
end $$;
revoke all on function showcase_private.new_handle(uuid, text) from public, anon, authenticated;
