/** The initial schema. Plain SQL so PGlite and PostgreSQL run exactly the same statements. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table country (
      id serial primary key,
      name text not null unique,
      code text not null unique
    );
    create table community_base (
      id integer primary key,
      name text not null unique
    );
    create table business_unit (
      id serial primary key,
      name text not null unique
    );
    create table app_user (
      id serial primary key,
      uid text unique,
      email text not null,
      first_name text not null default '',
      last_name text not null default '',
      phone_number text not null default '',
      image_url text not null default '',
      city text,
      business_unit_id integer references business_unit(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    -- One account per address whatever its case: pre-provisioned rows are matched by e-mail.
    create unique index app_user_email_key on app_user (lower(email));
    create table user_role (
      user_id integer not null references app_user(id) on delete cascade,
      role smallint not null check (role in (0, 2, 3)),
      primary key (user_id, role)
    );
    create table community (
      id serial primary key,
      name text not null,
      description text not null default '',
      image_url text not null default '',
      country_id integer not null references country(id),
      community_base_id integer not null references community_base(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index community_base_country_idx on community (community_base_id, country_id);
    create table community_membership (
      community_id integer not null references community(id) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      joined_at timestamptz not null default now(),
      primary key (community_id, user_id)
    );
    create index community_membership_user_idx on community_membership (user_id);
    create table community_core_member (
      community_id integer not null references community(id) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      responsible_for_community boolean not null default false,
      primary key (community_id, user_id)
    );
    create index community_core_member_user_idx on community_core_member (user_id);
    create table event (
      id serial primary key,
      community_id integer not null references community(id) on delete cascade,
      title text not null,
      description text not null default '',
      image_url text not null default '',
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      capacity integer check (capacity is null or capacity > 0),
      attendee_count integer not null default 0 check (attendee_count >= 0),
      cancelled boolean not null default false,
      created_by integer references app_user(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at >= starts_at)
    );
    create index event_starts_idx on event (starts_at, id);
    create index event_community_idx on event (community_id, starts_at);
    create table event_location (
      id serial primary key,
      event_id integer not null references event(id) on delete cascade,
      city_name text not null default '',
      address text,
      online boolean not null default false,
      position integer not null default 0
    );
    create index event_location_event_idx on event_location (event_id, position);
    create table event_attendee (
      event_id integer not null references event(id) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      event_location_id integer references event_location(id) on delete set null,
      status text not null check (status in ('attending', 'waiting')),
      seq bigserial not null,
      created_at timestamptz not null default now(),
      primary key (event_id, user_id)
    );
    create index event_attendee_status_idx on event_attendee (event_id, status, seq);
    create index event_attendee_user_idx on event_attendee (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table event_attendee; drop table event_location; drop table event;
    drop table community_core_member; drop table community_membership; drop table community;
    drop table user_role; drop table app_user; drop table business_unit; drop table community_base; drop table country;
  `.execute(db);
}
