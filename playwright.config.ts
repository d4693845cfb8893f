import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/ensure-browser.ts';

const PORT = Number(process.env.E2E_PORT ?? 4411);
// The server's database, where the tests can reach it too (the owner's tools run on it): one per
// checkout and port, emptied by the server on start.
const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8);
process.env.E2E_SQLITE_PATH ??= join(tmpdir(), `shop-e2e-${PORT}-${checkout}`, 'shop.sqlite');
const executablePath = chromiumPath() ?? undefined;

/**
 * End-to-end tests on the built site served by the real server with a fresh embedded database.
 * `npm run test:e2e` builds first; the web server below only serves.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two browsers on two cores: a third made each test half as slow again (the summed test time rose
  // from 1,187 s to 1,867 s) and the suite no shorter.
  workers: 2,
  retries: 0,
  // A test's budget, not a measure: the longest walks (a checkout with an axe check at each step)
  // take 11 s on a quiet machine and over 30 s while other work shares its two cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every test, passed or not (screencast frames, a DOM snapshot at each
    // step), and CI keeps none of them. E2E_TRACE=1 records them and keeps the failed tests'
    // (test-results/); a failure's screenshot costs only the failure.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /(catalog-import|admin|admin-returns|installments-page|reviews)\.spec\.ts/,
    },
    // The owner's console edits the catalogue the pages above were built from: after them.
    {
      name: 'console',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /(admin|admin-returns|admin-reviews)\.spec\.ts/,
      dependencies: ['chromium'],
    },
    // Builds of the whole site last, one test at a time. A build lists the products, then reads each
    // one's page data: a console test withdrawing a product between the two failed it ("listed but
    // its page data failed to load"). And each of these tests checks the pages its own build made
    // (with its own settings: the installments' contract), which another's build would replace.
    {
      name: 'rebuilding',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /(catalog-import|installments-page|(?<!admin-)reviews)\.spec\.ts/,
      dependencies: ['console'],
      workers: 1,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The provider forms (store map, cashier) send the browser back to SITE_URL: it is this server.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SITE_URL: `http://127.0.0.1:${PORT}`,
      E2E_SQLITE_PATH: process.env.E2E_SQLITE_PATH,
      // Test helpers name the address of each member they create (see support/auth.ts).
      TRUST_PROXY: '1',
      // The merchant's contract of installments.spec.ts: installments and Apple Pay (never shown in
      // Chromium, which has no ApplePaySession).
      ECPAY_INSTALLMENTS: '3,6,12,24',
      INSTALLMENT_MIN_AMOUNT: '3:3000,6:6000,12:12000,24:24000',
      INSTALLMENT_INTEREST_FREE: '1',
      ECPAY_APPLE_PAY: '1',
    },
  },
});
