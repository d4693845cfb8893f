import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buildAioForm } from '../../src/server/providers/ecpay/aio.ts';
import { STAGE_ACCOUNTS } from '../../src/server/providers/ecpay/config.ts';
import { newMerchantTradeNo } from '../../src/server/providers/ecpay/fields.ts';
import { parsePaymentNotice } from '../../src/server/providers/ecpay/notice.ts';
import { buildMapForm } from '../../src/server/providers/logistics/map.ts';

/**
 * The provider simulators in a real browser on a phone-sized screen: the shop's auto-submitting form
 * opens them, the tester works them with the keyboard, and they post back to the shop's endpoints
 * (caught here, since the checkout and payment routes come later).
 */
test.use({ viewport: { width: 375, height: 740 }, locale: 'zh-TW' });

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Opens `action` the way the shop will: a page whose form posts the fields. */
async function postFrom(page: Page, action: string, fields: Record<string, string>) {
  await page.goto('/api/health');
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  await page.setContent(`<form method="post" action="${esc(action)}">${inputs}<button>go</button></form>`);
  await page.getByRole('button', { name: 'go' }).click();
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('store map: search by city and district, choose with the keyboard, reply posted back', async ({
  page,
  baseURL,
}) => {
  const form = buildMapForm(
    {
      merchantTradeNo: 'SW26112200E2E',
      subType: 'UNIMARTC2C',
      collection: true,
      replyPath: '/api/checkout/store',
      extraData: 'e2e "x"&y',
      device: 'mobile',
      origin: baseURL!,
    },
    STAGE_ACCOUNTS.logistics,
    'simulator',
  );
  let reply = '';
  await page.route('**/api/checkout/store', async (route) => {
    reply = route.request().postData() ?? '';
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'stored' });
  });
  await postFrom(page, form.action, form.fields);
  await expect(page.getByRole('heading', { level: 1, name: '選擇取貨門市' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('縣市').selectOption('臺中市');
  await page.getByRole('button', { name: '搜尋門市' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('鄉鎮市區')).toBeEnabled();
  const district = (await page.getByLabel('鄉鎮市區').locator('option').nth(1).textContent()) ?? '';
  await expect(page.getByRole('status')).toContainText('找到');
  await expectAccessible(page);

  const choose = page.getByRole('button', { name: /^選擇.+門市$/ }).first();
  const storeName = ((await choose.textContent()) ?? '').replace(/^選擇/, '');
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => reply).toContain('CVSStoreID=');
  const fields = new URLSearchParams(reply);
  expect(fields.get('CVSStoreName')).toBe(storeName);
  expect(fields.get('CVSAddress')).toMatch(/^台中市/);
  expect(fields.get('ExtraData')).toBe('e2e "x"&y');
  expect(fields.get('LogisticsSubType')).toBe('UNIMARTC2C');
  expect(district).not.toBe('');
});

test('cashier: card errors beside their fields, then paid and returned to OrderResultURL', async ({
  page,
  baseURL,
}) => {
  const form = buildAioForm(
    {
      merchantTradeNo: newMerchantTradeNo(Date.now()),
      at: Date.now(),
      totalAmount: 4_990,
      items: [{ name: 'Audio-Technica ATH-M50x', quantity: 1 }],
      tradeDesc: '聲林音響 訂單',
      method: 'Credit',
      origin: baseURL!,
      clientBackPath: '/cart/result/',
    },
    STAGE_ACCOUNTS.payment,
    'simulator',
  );
  let result = '';
  await page.route('**/api/payments/ecpay/return', async (route) => {
    result = route.request().postData() ?? '';
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'returned' });
  });
  await postFrom(page, form.action, form.fields);
  await expect(page.getByRole('heading', { name: '信用卡付款' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('卡號').fill('1234');
  await page.getByLabel('有效期限（MM/YY）').fill('01/20');
  await page.getByLabel('背面末三碼').fill('12');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('卡號')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('請輸入 16 位數卡號。')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('卡號').fill('4311-9522-2222-2222');
  await page.getByLabel('有效期限（MM/YY）').fill('12/30');
  await page.getByLabel('背面末三碼').fill('123');
  await page.keyboard.press('Enter');
  await expect.poll(() => result).toContain('RtnCode=1');
  const notice = parsePaymentNotice(Object.fromEntries(new URLSearchParams(result)), STAGE_ACCOUNTS.payment);
  expect(notice).toMatchObject({ paid: true, amount: 4_990, merchantTradeNo: form.fields.MerchantTradeNo });
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('store map and ATM payment read in English and pass axe', async ({ page, baseURL }) => {
    const map = buildMapForm(
      {
        merchantTradeNo: 'SW26112200E2EEN',
        subType: 'FAMIC2C',
        collection: false,
        replyPath: '/api/checkout/store',
        extraData: '',
        device: 'pc',
        origin: baseURL!,
      },
      STAGE_ACCOUNTS.logistics,
      'simulator',
    );
    await postFrom(page, map.action, map.fields);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a pickup store' })).toBeVisible();
    await page.getByLabel('City or county').selectOption({ label: 'Penghu County' });
    await page.getByRole('button', { name: 'Search stores' }).click();
    await expect(page.getByText('Outlying-island store').first()).toBeVisible();
    await expectAccessible(page);

    const form = buildAioForm(
      {
        merchantTradeNo: newMerchantTradeNo(Date.now()),
        at: Date.now(),
        totalAmount: 1_290,
        items: [{ name: 'Cable', quantity: 1 }],
        tradeDesc: 'Soundwood order',
        method: 'ATM',
        origin: baseURL!,
        clientBackPath: '/en/cart/result/',
      },
      STAGE_ACCOUNTS.payment,
      'simulator',
    );
    await postFrom(page, form.action, form.fields);
    await expect(page.getByRole('heading', { name: 'ATM transfer' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Get an ATM virtual account' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'ATM virtual account issued' })).toBeVisible();
    await expect(page.getByText('812', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Simulate the transfer or store payment' }).click();
    await expect(page.getByText('Payment completed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute(
      'href',
      `${baseURL}/en/cart/result/`,
    );
    await expectAccessible(page);
  });
});
