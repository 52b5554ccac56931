-- Rate-limit counters are not data worth a WAL record (decision 213). Every counted write (a vote,
-- a comment, a sign-in attempt) upserts one or two of these rows in a transaction of its own just
-- ahead of the write itself; logged, each upsert costs a WAL record and its share of a flush, and
-- on a launch day the row of one busy network is rewritten hundreds of times a second. Unlogged,
-- the counters cost no WAL; after a crash Postgres empties the table, which only forgets the
-- current windows (at most one window's worth of extra writes is let through), and a standby does
-- not hold them (each primary counts for itself; a promoted standby starts with fresh windows).
alter table platform.rate_limits set unlogged;
