-- The e-mail outbox (issue 15): every product e-mail is a row here first, written in the same
-- transaction as the event that causes it, and sent by the server's outbox drain
-- (server/notifications/outbox.ts), so a failing or slow mail server never fails or slows a request
-- and nothing queued is lost when a process stops. Auth mails (confirm, recover, invite) stay
-- inline: the person is waiting for them.
--
-- A message is 'queued' until a worker claims it ('sending', with a lease), then 'sent', or back to
-- 'queued' with a later next_attempt_at after a failure, or 'failed' after the last attempt. Claims
-- take rows FOR UPDATE SKIP LOCKED, so workers on several instances never claim the same row; a
-- worker that dies mid-send leaves its lease to run out, and the message is claimed again.

create table if not exists platform.email_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  user_id uuid references auth.users (id) on delete cascade,
  -- What an unsubscribe link in this message stops: a notification type, 'digest' or 'newsletter'.
  stream text not null,
  -- How the server words it (server/notifications/emails.ts) and what it needs to.
  template text not null,
  payload jsonb not null default '{}'::jsonb,
  -- One message per key, ever (a digest per user and day): re-running a job cannot send twice.
  dedupe_key text unique,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default showcase_private.app_now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default showcase_private.app_now(),
  sent_at timestamptz
);

create index if not exists email_outbox_due_idx on platform.email_outbox (next_attempt_at, id) where status = 'queued';
create index if not exists email_outbox_leased_idx on platform.email_outbox (locked_until) where status = 'sending';
create index if not exists email_outbox_recipient_idx on platform.email_outbox (lower(to_address), sent_at) where status in ('sent', 'sending');
create index if not exists email_outbox_status_idx on platform.email_outbox (status);
revoke all on platform.email_outbox from public;

-- Addresses that asked to stop a stream and have no account (an account's preferences say it).
create table if not exists platform.email_suppressions (
  address text not null,
  stream text not null,
  created_at timestamptz not null default now(),
  primary key (address, stream)
);
revoke all on platform.email_suppressions from public;

-- Queues one message and wakes the drain (LISTEN email_outbox) when the transaction commits.
-- Answers the new row's id, or null: no address, the address stopped this stream, or a message
-- with this dedupe_key exists already.
create or replace function showcase_private.enqueue_email(
  address text, recipient uuid, stream text, template text, payload jsonb, dedupe_key text default null)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  clean text := btrim(coalesce(address, ''));
  queued bigint;
begin
  if clean = '' then
    return null;
  end if;
  if exists (select 1 from platform.email_suppressions s
              where s.address = lower(clean) and s.stream = enqueue_email.stream) then
    return null;
  end if;
  insert into platform.email_outbox (to_address, user_id, stream, template, payload, dedupe_key)
  values (clean, recipient, stream, template, coalesce(payload, '{}'::jsonb), dedupe_key)
  on conflict on constraint email_outbox_dedupe_key_key do nothing
  returning id into queued;
  if queued is not null then
    perform pg_notify('email_outbox', queued::text);
  end if;
  return queued;
end $$;
revoke all on function showcase_private.enqueue_email(text, uuid, text, text, jsonb, text) from public, anon, authenticated;

-- claim_email_batch: the next due messages for one worker, each leased for lease_seconds.
-- At most cap_count messages go to one address per cap_seconds (sent, or in flight under a live
-- lease); the rest wait until the oldest of those leaves the window. Messages whose lease ran out
-- (a worker died mid-send) are due again.
create or replace function showcase_private.claim_email_batch(
  batch_size integer, lease_seconds integer, cap_count integer, cap_seconds integer)
returns setof platform.email_outbox
language plpgsql volatile security definer set search_path = '' as $$
declare
  at timestamptz := showcase_private.app_now();
  window_start timestamptz := at - make_interval(secs => cap_seconds);
  candidate record;
  used integer;
  oldest timestamptz;
begin
  for candidate in
    select o.id, lower(o.to_address) as address
      from platform.email_outbox o
     where (o.status = 'queued' and o.next_attempt_at <= at)
        or (o.status = 'sending' and o.locked_until <= at)
     order by o.next_attempt_at, o.id
     limit batch_size
       for update skip locked
  loop
    -- Rows this loop claimed already are 'sending' under a live lease, so they count too.
    used := (
      select count(*) from platform.email_outbox o
       where lower(o.to_address) = candidate.address and o.id <> candidate.id
         and ((o.status = 'sent' and o.sent_at > window_start)
              or (o.status = 'sending' and o.locked_until > at)));
    if used >= cap_count then
      select min(o.sent_at) into oldest from platform.email_outbox o
       where lower(o.to_address) = candidate.address and o.status = 'sent' and o.sent_at > window_start;
      update platform.email_outbox o
         set status = 'queued', locked_until = null,
             next_attempt_at = coalesce(oldest + make_interval(secs => cap_seconds), at + interval '1 minute')
       where o.id = candidate.id;
      continue;
    end if;
    return query
      update platform.email_outbox o
         set status = 'sending', attempts = o.attempts + 1, locked_until = at + make_interval(secs => lease_seconds)
       where o.id = candidate.id
      returning o.*;
  end loop;
end $$;
revoke all on function showcase_private.claim_email_batch(integer, integer, integer, integer) from public, anon, authenticated;

-- Unsubscribe (the server checks the signed token first). An account's preference for the stream
-- becomes e-mail off (for 'digest': every type it had on the digest); an address without an
-- account is suppressed for the stream; the newsletter also drops the address. Queued messages of
-- the stream to the address are dropped. Answers what was done: 'account' or 'address'.
create or replace function showcase_private.unsubscribe_email(address text, stream text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  clean text := lower(btrim(coalesce(address, '')));
  account uuid;
begin
  if clean = '' then
    raise exception 'An address is needed' using errcode = '22023';
  end if;
  if stream is null or (stream not in ('digest', 'newsletter')
                        and not exists (select 1 from showcase_private.notification_types t where t.type = stream)) then
    raise exception 'Unknown e-mail stream: %', coalesce(stream, 'null') using errcode = '22023';
  end if;

  delete from platform.email_outbox o
   where lower(o.to_address) = clean and o.stream = unsubscribe_email.stream and o.status = 'queued';

  if stream = 'newsletter' then
    delete from public.newsletter_subscriptions n where lower(n.email) = clean;
  else
    select u.id into account from auth.users u
     where lower(u.email) = clean and u.deleted_at is null and not u.is_anonymous;
  end if;

  if account is null then
    insert into platform.email_suppressions (address, stream) values (clean, stream) on conflict do nothing;
    return 'address';
  end if;

  insert into public.notification_preferences (user_id, type, in_app, email)
  select account, t.type, coalesce(p.in_app, t.in_app_default), 'off'
    from showcase_private.notification_types t
    left join public.notification_preferences p on p.user_id = account and p.type = t.type
   where (stream = 'digest' and coalesce(p.email, t.email_default) = 'digest') or t.type = stream
  on conflict (user_id, type) do update set email = 'off';
  if stream = 'digest' then
    update public.notifications n set digest_pending = false where n.user_id = account and n.digest_pending;
  end if;
  return 'account';
end $$;
revoke all on function showcase_private.unsubscribe_email(text, text) from public, anon, authenticated;

-- Admin dashboard: the outbox at a glance (sent and failed over the retention period, 30 days).
create or replace function public.admin_outbox_stats() returns json
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to view the outbox' using errcode = '42501';
  end if;
  return (
    select json_build_object(
      'queued', count(*) filter (where o.status in ('queued', 'sending')),
      'sent', count(*) filter (where o.status = 'sent'),
      'failed', count(*) filter (where o.status = 'failed'))
      from platform.email_outbox o);
end $$;
revoke all on function public.admin_outbox_stats() from public, anon;
grant execute on function public.admin_outbox_stats() to authenticated, service_role;
