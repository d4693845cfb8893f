import type { Generated } from 'kysely';

// The catalogue and the site's content: brands, categories, products, articles, reference data. (The conventions of every table: schema.ts.)

export interface BrandsTable {
  id: Generated<number>;
  uid: string;
  slug: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  image: string;
  image_width: number;
  image_height: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  /** The category this one sits under (catalog tool's categories CSV), or null. */
  parent_id: Generated<number | null>;
  uid: string;
  slug: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  image: string;
  image_width: number;
  image_height: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface BrandCategoriesTable {
  brand_id: number;
  category_id: number;
}

export interface ProductsTable {
  id: Generated<number>;
  uid: string;
  slug: string;
  brand_id: number;
  category_id: number;
  name_zh: string;
  name_en: string;
  summary_zh: string;
  summary_en: string;
  description_zh: string;
  description_en: string;
  /** JSON array of {label_zh, label_en, value_zh, value_en}. */
  specs: string;
  /** Lowest variant price, kept in step with the variants for sorting and filtering. */
  price: number;
  compare_at_price: number | null;
  /** Sum of variant stock, kept in step with the variants. */
  stock: number;
  created_at: number;
  updated_at: number;
  /** When the product was taken off sale; null while it is on sale. */
  withdrawn_at: number | null;
  /** One packed unit: grams and centimetres (0 when not known). */
  weight_g: Generated<number>;
  length_cm: Generated<number>;
  width_cm: Generated<number>;
  height_cm: Generated<number>;
  /** Comma-separated, as Shopify's Tags column. */
  tags: Generated<string>;
  /** 0: excluded from the seven-day return once opened (sealed media, software, in-ear); 1: returnable. */
  returnable: Generated<number>;
  /** Search-engine title and description; empty: the page's own. */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
}

export interface VariantsTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  option_name_zh: string;
  option_name_en: string;
  option_value_zh: string;
  option_value_en: string;
  price: number;
  compare_at_price: number | null;
  /** Taken only by `UPDATE ... SET stock = stock - n WHERE stock >= n`; a CHECK keeps it >= 0. */
  stock: number;
  sort: number;
  /** The variant's own photo (a product image's src), or empty. */
  image: Generated<string>;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  src: string;
  width: number;
  height: number;
  alt_zh: string;
  alt_en: string;
  sort: number;
}

export interface ArticlesTable {
  id: Generated<number>;
  uid: string;
  slug: string;
  title_zh: string;
  title_en: string;
  excerpt_zh: string;
  excerpt_en: string;
  body_zh: string;
  body_en: string;
  image: string;
  image_width: number;
  image_height: number;
  published_at: number;
  updated_at: number;
}

export interface SiteMetasTable {
  id: Generated<number>;
  uid: string;
  url: string;
  locale: string;
  title: string;
  description: string;
  keywords: string;
  og_title: string;
  og_description: string;
  og_keywords: string;
  og_image: string;
  og_type: string;
}

export interface SysVarsTable {
  id: Generated<number>;
  uid: string;
  code: string;
  locale: string;
  name: string;
  data: string;
}

export interface RegionCitiesTable {
  code: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

export interface RegionDistrictsTable {
  id: Generated<number>;
  city_code: string;
  name_zh: string;
  name_en: string;
  zip: string;
  sort: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  locale: string;
  member_id: number | null;
  created_at: number;
}

/** One edit by the owner's catalog tool: when, who, what, and the values before and after. */
export interface CatalogChangesTable {
  id: Generated<number>;
  at: number;
  by: string;
  action: string;
  subject: string;
  before: string;
  after: string;
}
