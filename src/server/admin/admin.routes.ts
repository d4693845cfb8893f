import { Hono } from 'hono';
import { adminAuth } from './auth.routes.ts';
import { adminCatalog } from './catalog.routes.ts';
import { adminOrders } from './orders.routes.ts';
import { adminPromotions } from './promotions.routes.ts';
import { adminStaff } from './staff.routes.ts';
import { type AdminEnv, adminGate } from './staff-auth.ts';

/** The console's CSV upload, read with its own body limit (app.ts). */
export const ADMIN_IMPORT_PATH = '/api/admin/catalog/import';

/**
 * The owner's console API at `/api/admin` (issue 31; the contract: docs/admin-api.md). The gate runs
 * first on every route: it knows the staff member of a staff token and refuses a member's token.
 */
export const admin = new Hono<AdminEnv>();
admin.use('*', adminGate);
admin.route('/', adminAuth);
admin.route('/', adminOrders);
admin.route('/', adminCatalog);
admin.route('/', adminPromotions);
admin.route('/', adminStaff);
