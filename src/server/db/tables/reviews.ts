import type { Generated } from 'kysely';

// Reviews from verified buyers, their helpful votes and reports (migration 027). (The conventions of every table: schema.ts.)

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  order_id: number;
  order_line_id: number;
  /** Null for a guest order's review. */
  member_id: number | null;
  stars: number;
  title: Generated<string>;
  body: Generated<string>;
  variant_zh: Generated<string>;
  variant_en: Generated<string>;
  bought_at: number;
  locale: string;
  /** reviews/review-states.ts ReviewState */
  state: string;
  hidden_reason: Generated<string>;
  reply: Generated<string>;
  replied_at: number | null;
  helpful_count: Generated<number>;
  report_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface ReviewHelpfulTable {
  id: Generated<number>;
  review_id: number;
  /** m:<member id> or a:<address> */
  voter: string;
  /** YYYY-MM-DD in Taiwan */
  day: string;
  created_at: number;
}

export interface ReviewReportsTable {
  id: Generated<number>;
  review_id: number;
  reporter: string;
  reason: Generated<string>;
  created_at: number;
}

/** An address (lower-cased) that asked for no more review-request mails. */
export interface ReviewMailStopsTable {
  email: string;
  created_at: number;
}
