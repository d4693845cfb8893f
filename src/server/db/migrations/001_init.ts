import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../index.ts';

type Db = Kysely<unknown>;

/** The first schema: members and their security records, the catalog, content and regions. */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const table = (name: string) => db.schema.createTable(name).ifNotExists().addColumn('id', idType, id);
  const ms = 'bigint';

  await table('members')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('no', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('phone', 'varchar(20)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email_verify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone_verify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('zipcode', 'varchar(6)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('area', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('addr', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await table('sessions')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('revoked_at', ms)
    .execute();
  await db.schema.createIndex('sessions_member').ifNotExists().on('sessions').column('member_id').execute();

  await table('otp_codes')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('consumed_at', ms)
    .execute();
  await db.schema
    .createIndex('otp_codes_phone_purpose')
    .ifNotExists()
    .on('otp_codes')
    .columns(['phone', 'purpose', 'created_at'])
    .execute();

  await table('reset_tickets')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();

  await table('sms_outbox')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(6)', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_phone')
    .ifNotExists()
    .on('sms_outbox')
    .columns(['phone', 'created_at'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .ifNotExists()
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('window_start', ms, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
    .execute();

  for (const name of ['brands', 'categories']) {
    await table(name)
      .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name_zh', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
      .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('image', 'varchar(300)', (c) => c.notNull())
      .addColumn('image_width', 'integer', (c) => c.notNull())
      .addColumn('image_height', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('updated_at', ms, (c) => c.notNull())
      .execute();
  }

  await db.schema
    .createTable('brand_categories')
    .ifNotExists()
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('brand_categories_pk', ['brand_id', 'category_id'])
    .execute();

  await table('products')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('slug', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('name_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary_zh', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary_en', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('specs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('compare_at_price', 'integer')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  for (const col of ['brand_id', 'category_id', 'price', 'created_at']) {
    await db.schema.createIndex(`products_${col}`).ifNotExists().on('products').column(col).execute();
  }

  await table('variants')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('option_name_zh', 'varchar(50)', (c) => c.notNull())
    .addColumn('option_name_en', 'varchar(50)', (c) => c.notNull())
    .addColumn('option_value_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('option_value_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('compare_at_price', 'integer')
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('variants_product').ifNotExists().on('variants').column('product_id').execute();

  await table('product_images')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('src', 'varchar(300)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('alt_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_images_product')
    .ifNotExists()
    .on('product_images')
    .column('product_id')
    .execute();

  await table('articles')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('slug', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('title_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('excerpt_zh', 'varchar(500)', (c) => c.notNull())
    .addColumn('excerpt_en', 'varchar(500)', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('image', 'varchar(300)', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('published_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await table('site_metas')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('url', 'varchar(300)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('keywords', 'varchar(300)', (c) => c.notNull())
    .addColumn('og_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('og_description', 'varchar(500)', (c) => c.notNull())
    .addColumn('og_keywords', 'varchar(300)', (c) => c.notNull())
    .addColumn('og_image', 'varchar(300)', (c) => c.notNull())
    .addColumn('og_type', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('site_metas_url_locale', ['url', 'locale'])
    .execute();

  await table('sys_vars')
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addUniqueConstraint('sys_vars_code_locale', ['code', 'locale'])
    .execute();

  await db.schema
    .createTable('region_cities')
    .ifNotExists()
    .addColumn('code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('name_zh', 'varchar(20)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(40)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await table('region_districts')
    .addColumn('city_code', 'varchar(8)', (c) => c.notNull().references('region_cities.code'))
    .addColumn('name_zh', 'varchar(20)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(60)', (c) => c.notNull())
    .addColumn('zip', 'varchar(3)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('region_districts_city_name', ['city_code', 'name_zh'])
    .execute();

  await table('contact_messages')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('member_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
}
