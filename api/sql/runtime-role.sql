-- The least-privilege role the API and worker processes connect as (DATABASE_URL), apart from the
-- role that owns the schema and runs the migrations (HUB_MIGRATE_DATABASE_URL). It reads and writes
-- rows; it cannot create, alter or drop anything. Run once as the schema owner, after the first
-- `node dist/main.js migrate`, with the role's name and password changed to yours:
--   psql "$HUB_MIGRATE_DATABASE_URL" -f sql/runtime-role.sql
-- (docs/operations.md; api/test/runtime-role.it.ts runs this very file.)

create role hub_runtime login password 'change-me';

do $$ begin
  execute format('grant connect on database %I to hub_runtime', current_database());
end $$;
grant usage on schema public to hub_runtime;
-- Rows only: no TRUNCATE, REFERENCES or TRIGGER, and no CREATE on the schema.
grant select, insert, update, delete on all tables in schema public to hub_runtime;
grant usage, select on all sequences in schema public to hub_runtime;
-- Tables and sequences later migrations create (as this owner) get the same grants.
alter default privileges in schema public grant select, insert, update, delete on tables to hub_runtime;
alter default privileges in schema public grant usage, select on sequences to hub_runtime;
-- The mail job queue (pg-boss, schema pgboss, migration 0015): rows only here too; its functions
-- (create_queue, delete_queue) are for the owner, whose migrations make the queues.
grant usage on schema pgboss to hub_runtime;
grant select, insert, update, delete on all tables in schema pgboss to hub_runtime;
alter default privileges in schema pgboss grant select, insert, update, delete on tables to hub_runtime;
