/**
 * `npm run screenshots [-- --url <origin>]`: the two pictures of the README, taken from the running
 * shop in Chromium at 1280×800 and written as palette PNGs to docs/images/: the home page (home.png)
 * and the owner's console, signed in as an owner with the two-step sign-in (console.png).
 *
 * Without --url it starts the demo shop itself, as `npm start` does, on a throwaway copy of the
 * embedded database and its own build folder (dist/screenshots, kept for the next run's incremental
 * build), and stops it at the end. With --url it uses a shop already running there, on the database
 * of this environment (SQLITE_PATH or DATABASE_URL, as `npm run staff`); the owner account it adds for
 * the picture is disabled afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { at } from '../src/features/admin/i18n.ts';
import { addStaff, disableStaff } from '../src/server/admin/staff-accounts.ts';
import { totpAt } from '../src/server/admin/totp.ts';
import type { Deps } from '../src/server/context.ts';
import { openDb } from '../src/server/db/index.ts';
import { pickEmail, pickSms, systemClock } from '../src/server/deps.ts';
import { readEnv } from '../src/server/env.ts';
import { chromiumPath } from './ensure-browser.ts';

const OUT_DIR = 'docs/images';
const VIEWPORT = { width: 1280, height: 800 };
const PASSWORD = 'Screenshot-Owner-2026';
const START_TIMEOUT_MS = 20 * 60_000;
const TOTP_PERIOD_MS = 30_000;

const { values } = parseArgs({
  options: { url: { type: 'string' }, port: { type: 'string', default: process.env.PORT ?? '4426' } },
});

/** Starts the demo shop (`scripts/start.ts`) and resolves with its origin once it says it is ready. */
function startShop(env: NodeJS.ProcessEnv, port: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the shop did not start in 20 minutes')), START_TIMEOUT_MS);
    child.on('exit', (code) => reject(new Error(`the shop stopped before it was ready (exit ${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes('Shop ready at')) {
        clearTimeout(timer);
        resolve({ origin: `http://127.0.0.1:${port}`, child });
      }
    });
  });
}

/** An owner with the two-step sign-in set up through the console's API; its email and TOTP secret. */
async function setUpOwner(env: NodeJS.ProcessEnv, origin: string) {
  const serverEnv = readEnv({ ...env, SITE_URL: origin });
  const db = openDb({ sqlitePath: serverEnv.SQLITE_PATH, databaseUrl: serverEnv.DATABASE_URL });
  const deps: Deps = {
    db,
    env: serverEnv,
    clock: systemClock,
    sms: pickSms(serverEnv, db, systemClock),
    mail: pickEmail(serverEnv, db, systemClock),
  };
  const email = `screenshot-${Date.now().toString(36)}@soundwood.tw`;
  try {
    const link = await addStaff(deps, { email, name: '林店主', role: 'owner' });
    const token = new URL(link.setup_url).searchParams.get('token') ?? '';
    const post = async (path: string, body: object) => {
      const res = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()).result;
    };
    const { totp_secret: secret } = await post('/api/admin/setup', { token, password: PASSWORD });
    await post('/api/admin/setup/confirm', { token, code: totpAt(secret, Date.now()) });
    return { email, secret: secret as string, deps };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** The page as a palette PNG (a screenshot of flat colours loses nothing visible and shrinks several times). */
async function save(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ type: 'png' });
  const small = await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
  writeFileSync(join(OUT_DIR, name), small);
  console.log(
    `${join(OUT_DIR, name)}: ${Math.round(small.length / 1024)} KB (${Math.round(png.length / 1024)} KB before)`,
  );
}

const env: NodeJS.ProcessEnv = { ...process.env };
let tmp: string | null = null;
let shop: ChildProcess | null = null;
if (!values.url) {
  tmp = mkdtempSync(join(tmpdir(), 'shop-screenshots-'));
  Object.assign(env, {
    NODE_ENV: 'development',
    PORT: values.port,
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${values.port}`,
    SQLITE_PATH: join(tmp, 'shop.sqlite'),
    MEDIA_DIR: join(tmp, 'media'),
    DIST_DIR: join('dist', 'screenshots'),
    REBUILD_CHECK_SECONDS: '0',
  });
  delete env.DATABASE_URL;
}

const browser = await chromium.launch({
  executablePath: chromiumPath() ?? undefined,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
let owner: Awaited<ReturnType<typeof setUpOwner>> | null = null;
try {
  let origin = values.url?.replace(/\/$/, '') ?? '';
  if (!origin) {
    const started = await startShop(env, values.port);
    shop = started.child;
    origin = started.origin;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'zh-TW',
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  const page = await context.newPage();

  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  await save(page, 'home.png');

  owner = await setUpOwner(env, origin);
  const t = (key: Parameters<typeof at>[1]) => at('zh-TW', key);
  await page.goto(`${origin}/admin/login`, { waitUntil: 'networkidle' });
  await page.getByLabel(t('admin.login.email'), { exact: true }).fill(owner.email);
  await page.getByLabel(t('admin.login.password'), { exact: true }).fill(PASSWORD);
  // The setup used this step's code: sign in with the next one (a step either side is accepted).
  await page.getByLabel(t('admin.login.code'), { exact: true }).fill(totpAt(owner.secret, Date.now() + TOTP_PERIOD_MS));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: t('admin.today.title') }).waitFor();
  await page.waitForLoadState('networkidle');
  await save(page, 'console.png');
} finally {
  await browser.close();
  if (owner) {
    if (values.url) await disableStaff(owner.deps, owner.email);
    await owner.deps.db.close();
  }
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop?.once('exit', resolve));
    shop.kill('SIGTERM');
    await exited;
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
