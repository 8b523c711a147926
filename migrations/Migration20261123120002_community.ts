import { Migration } from '@mikro-orm/migrations';

/**
 * Community: affiliates (icon and, for paid ones, a banner; active window; order), merchandise
 * products with their pictures, and downloads with their file versions (the files themselves are
 * in the storage folder, named by `stored_name`).
 */
export class Migration20261123120002_community extends Migration {
  override name = 'Migration20261123120002_community';

  override up(): void {
    this.addSql(
      `create table "affiliates" ("id" serial primary key, "name" varchar(100) not null, "affiliate_url" varchar(500) not null, "icon_id" uuid null, "banner_id" uuid null, "monetized" boolean not null default false, "active_from" timestamptz null, "active_to" timestamptz null, "position" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "affiliates_icon_id_index" on "affiliates" ("icon_id");`);
    this.addSql(`create index "affiliates_banner_id_index" on "affiliates" ("banner_id");`);
    this.addSql(
      `alter table "affiliates" add constraint "affiliates_icon_id_fkey" foreign key ("icon_id") references "images" ("id") on update no action on delete set null;`,
    );
    this.addSql(
      `alter table "affiliates" add constraint "affiliates_banner_id_fkey" foreign key ("banner_id") references "images" ("id") on update no action on delete set null;`,
    );

    this.addSql(
      `create table "products" ("id" serial primary key, "name" varchar(100) not null, "description" text null, "price" varchar(40) not null, "currency" varchar(20) not null, "variants" text[] not null default '{}', "shop_url" varchar(500) not null, "available" boolean not null default true, "position" int not null default 0, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create table "product_images" ("id" serial primary key, "product_id" int not null, "image_id" uuid not null, "position" int not null default 0);`);
    this.addSql(`create index "product_images_product_id_index" on "product_images" ("product_id");`);
    this.addSql(`create index "product_images_image_id_index" on "product_images" ("image_id");`);
    this.addSql(
      `alter table "product_images" add constraint "product_images_product_id_fkey" foreign key ("product_id") references "products" ("id") on update no action on delete cascade;`,
    );
    this.addSql(
      `alter table "product_images" add constraint "product_images_image_id_fkey" foreign key ("image_id") references "images" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `create table "downloads" ("id" serial primary key, "title" varchar(150) not null, "game" varchar(100) null, "category" varchar(20) not null, "version" varchar(40) null, "notes" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "downloads" add constraint "downloads_category_known" check (category in ('RULEBOOK','SETUP','LIVERY','SKIN','OTHER'));`);
    this.addSql(
      `create table "download_files" ("id" serial primary key, "download_id" int not null, "stored_name" varchar(64) not null, "file_name" varchar(150) not null, "content_type" varchar(100) not null, "size" int not null, "version" varchar(40) null, "download_count" int not null default 0, "uploaded_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "download_files" add constraint "download_files_stored_name_key" unique ("stored_name");`);
    this.addSql(`create index "download_files_download_id_index" on "download_files" ("download_id");`);
    this.addSql(
      `alter table "download_files" add constraint "download_files_download_id_fkey" foreign key ("download_id") references "downloads" ("id") on update no action on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "download_files" cascade;`);
    this.addSql(`drop table if exists "downloads" cascade;`);
    this.addSql(`drop table if exists "product_images" cascade;`);
    this.addSql(`drop table if exists "products" cascade;`);
    this.addSql(`drop table if exists "affiliates" cascade;`);
  }
}
