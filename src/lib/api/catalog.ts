/**
 * The catalog calls of the shop API and the app types the pages use. This is the one module that
 * knows the catalog's wire shapes (snake_case, see the catalog API contract); everything else sees
 * the camelCase app types below. Works with any `ApiClient`: the build's in-process client or the
 * browser's same-origin one.
 */
import { API_MAX_PAGE_SIZE, SITE_METAS_CLIENT_FLAG, SYS_VARS_FIRST_PAGE, SYS_VARS_PAGE_SIZE } from '../../config.ts';
import type { ApiClient } from './client.ts';
import type { ProductSort } from './product-sorts.ts';
import type { Review, ReviewReply } from './reviews.ts';

export interface Image {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface Paged<T> {
  total: number;
  limit: number;
  current: number;
  pageCount: number;
  data: T[];
}

export interface Brand {
  id: number;
  uid: string;
  slug: string;
  name: string;
  description: string;
  image: Image;
  productCount: number;
}
export type Category = Brand;

/** Brand-with-categories or category-with-brands tree (spec section 3). */
export interface TreeNode {
  uid: string;
  slug: string;
  name: string;
  image: string;
  children: TreeNode[];
}

export interface SiteMeta {
  id: number;
  uid: string;
  /** Locale-neutral path: `/`, `/about`, `/brands` ... */
  url: string;
  title: string;
  description: string;
  keywords: string;
  ogTitle: string;
  ogDescription: string;
  ogKeywords: string;
  ogImage: string;
  ogType: string;
}

/** System variables by code: privacyText, price, tremText, cookieText, addr, name, email, phone. */
export type SysVars = Partial<Record<SysVarCode, string>>;
export type SysVarCode = 'privacyText' | 'price' | 'tremText' | 'cookieText' | 'addr' | 'name' | 'email' | 'phone';

export interface ProductRef {
  slug: string;
  name: string;
}

/** Where a product's pages are (a summary is one): its slug, its brand's and its category's. */
export interface ProductRoute {
  slug: string;
  brand: { slug: string };
  category: { slug: string };
}

export interface ProductSummary {
  id: number;
  uid: string;
  slug: string;
  name: string;
  summary: string;
  brand: ProductRef;
  category: ProductRef;
  price: number;
  compareAtPrice: number | null;
  stock: number;
  inStock: boolean;
  image: Image;
  createdAt: string;
  /** The published reviews' average (one decimal) and count; null (or absent) without any. */
  rating?: Rating | null;
}

/** A product's stars on its cards and page (issue 42). */
export interface Rating {
  average: number;
  count: number;
}

/** A published review as the product page shows it (GET /api/products/{slug}/reviews, camelCased). */
export interface PublicReview
  extends Pick<Review, 'id' | 'stars' | 'title' | 'body' | 'variant' | 'bought' | 'createdAt'> {
  helpfulCount: number;
  /** The name it is shown under, masked ("王**"). */
  author: string;
  reply: ReviewReply | null;
}

/** A product's reviews on its page: the summary of all published ones and the newest few. */
export interface ProductReviews {
  summary: Rating & { distribution: Record<'1' | '2' | '3' | '4' | '5', number> };
  first: PublicReview[];
}

export interface Variant {
  id: number;
  sku: string;
  optionName: string;
  optionValue: string;
  price: number;
  compareAtPrice: number | null;
  stock: number;
  inStock: boolean;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  specs: { label: string; value: string }[];
  images: Image[];
  variants: Variant[];
  /** False: not returnable once opened (sealed media, software, in-ear); the page says so. */
  returnable: boolean;
  related: ProductSummary[];
  updatedAt: string;
  /** Absent when the shop's API has no reviews. */
  reviews?: ProductReviews;
}

export interface ArticleSummary {
  id: number;
  uid: string;
  slug: string;
  title: string;
  excerpt: string;
  image: Image;
  publishedAt: string;
}

export interface Article extends ArticleSummary {
  body: string;
  updatedAt: string;
}

export type { ProductSort };

export interface ProductQuery {
  page?: number;
  pageSize?: number;
  brand?: string;
  category?: string;
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: ProductSort;
}

/** Brands and categories carry their image as three flat fields on the wire. */
interface WireListEntry {
  id: number;
  uid: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  imageWidth: number;
  imageHeight: number;
  productCount: number;
}

function reshapeListEntry(w: WireListEntry): Brand {
  return {
    id: w.id,
    uid: w.uid,
    slug: w.slug,
    name: w.name,
    description: w.description ?? '',
    image: { src: w.image, width: w.imageWidth, height: w.imageHeight, alt: w.name },
    productCount: w.productCount ?? 0,
  };
}

export const getBrands = async (api: ApiClient): Promise<Brand[]> =>
  (await api.get<WireListEntry[]>('/api/product-brands/all')).map(reshapeListEntry);

export const getCategories = async (api: ApiClient): Promise<Category[]> =>
  (await api.get<WireListEntry[]>('/api/product-categories/all')).map(reshapeListEntry);

/** The brand with the categories that hold its products. */
export const getBrandTree = (api: ApiClient, uid: string): Promise<TreeNode> =>
  api.get<TreeNode>('/api/product-brands/categories', { query: { uid } });

/** The category with the brands that have products in it. */
export const getCategoryTree = (api: ApiClient, uid: string): Promise<TreeNode> =>
  api.get<TreeNode>('/api/product-categories/brands', { query: { uid } });

export const getSiteMetas = (api: ApiClient): Promise<SiteMeta[]> =>
  api.get<SiteMeta[]>('/api/site-metas/all', { query: { client: SITE_METAS_CLIENT_FLAG } });

/** Every system variable, read page by page with the spec's page size. */
export async function getSysVars(api: ApiClient): Promise<SysVars> {
  const out: Record<string, string> = {};
  for (let page = SYS_VARS_FIRST_PAGE; ; page++) {
    const res = await api.get<Paged<{ code: string; data: string }>>('/api/sys-vars', {
      query: { currentPage: page, pageSize: SYS_VARS_PAGE_SIZE },
    });
    for (const v of res.data) out[v.code] = v.data;
    if (page >= res.pageCount || res.data.length === 0) break;
  }
  return out as SysVars;
}

export function listProducts(api: ApiClient, query: ProductQuery = {}): Promise<Paged<ProductSummary>> {
  const { inStock, ...rest } = query;
  return api.get<Paged<ProductSummary>>('/api/products', {
    query: { ...rest, ...(inStock ? { inStock: 1 } : {}) },
  });
}

export const getProduct = (api: ApiClient, slug: string): Promise<ProductDetail> =>
  api.get<ProductDetail>(`/api/products/${encodeURIComponent(slug)}`);

export const listArticles = (api: ApiClient, page: number, pageSize: number): Promise<Paged<ArticleSummary>> =>
  api.get<Paged<ArticleSummary>>('/api/articles', { query: { page, pageSize } });

export const getArticle = (api: ApiClient, slug: string): Promise<Article> =>
  api.get<Article>(`/api/articles/${encodeURIComponent(slug)}`);

/** Every entry of a paged list, read with the largest page size the API accepts. */
export async function readAll<T>(fetchPage: (page: number, pageSize: number) => Promise<Paged<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchPage(page, API_MAX_PAGE_SIZE);
    out.push(...res.data);
    if (page >= res.pageCount || res.data.length === 0) return out;
  }
}

export const getFingerprint = (api: ApiClient): Promise<{ fingerprint: string; updatedAt: string }> =>
  api.get('/api/catalog/fingerprint');

export interface ContactMessage {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
}

/** Sends the contact form; field errors come back on the thrown ApiClientError's `fields`. */
export const sendContact = (api: ApiClient, body: ContactMessage): Promise<{ id: number }> =>
  api.post('/api/contact', { body: { ...body }, silent: true });
