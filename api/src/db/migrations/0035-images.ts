/**
 * Issue 27: uploaded images. One row per upload: who uploaded it, what it is for (kind), the
 * community it belongs to (a community's logo or cover, an event's cover: who may change its focal
 * point is who may edit that community or its events), its content hash (the variants' file names),
 * its size, its focal point and its variants (width, height, format, public URL), written once.
 *
 * Communities (logo, cover), events (cover) and users (avatar) reference their image; deleting an
 * image row leaves them without one (set null). The address columns (`image_url`) stay: rows from
 * before uploads keep their picture, and a page shows an uploaded image first.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table image (
      id serial primary key,
      owner_user_id integer references app_user(id) on delete set null,
      kind text not null check (kind in ('community-logo', 'community-cover', 'event-cover', 'avatar')),
      community_id integer references community(id) on delete cascade,
      hash text not null,
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      focal_x real not null default 0.5 check (focal_x between 0 and 1),
      focal_y real not null default 0.5 check (focal_y between 0 and 1),
      variants jsonb not null,
      created_at timestamptz not null default now()
    );
    alter table community
      add column logo_image_id integer references image(id) on delete set null,
      add column cover_image_id integer references image(id) on delete set null;
    alter table event add column cover_image_id integer references image(id) on delete set null;
    alter table app_user add column avatar_image_id integer references image(id) on delete set null;
  `.execute(db);
}
