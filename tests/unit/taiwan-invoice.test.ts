import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/i18n/messages/all.ts';
import { CHARITIES, findCharity } from '../../src/lib/taiwan/charities.ts';
import {
  INVOICE_ERRORS,
  isCitizenCert,
  isDonationCode,
  isMobileBarcode,
  isTaxId,
  validateInvoice,
} from '../../src/lib/taiwan/invoice.ts';
import { RECEIVER_ERRORS, validatePickupReceiver } from '../../src/lib/taiwan/receiver.ts';

/**
 * The tax-ID rule as the Ministry of Finance first wrote it: when the product of the 7th digit is
 * 28, its digit sum 10 counts as either 1 or 0; valid when the sum is a multiple of 5 (since 2023).
 */
function reference(taxId: string): boolean {
  const w = [1, 2, 1, 2, 1, 2, 4, 1];
  const sums = [0];
  for (let i = 0; i < 8; i++) {
    const p = Number(taxId[i]) * w[i]!;
    const digits = p === 28 ? [1, 0] : [Math.floor(p / 10) + (p % 10)];
    sums.splice(0, sums.length, ...sums.flatMap((s) => digits.map((d) => s + d)));
  }
  return sums.some((s) => s % 5 === 0);
}

describe('tax ID (統一編號)', () => {
  it.each(['04595257', '22099131', '10458575', '53212539'])('accepts the real tax ID %s', (id) => {
    expect(isTaxId(id)).toBe(true);
  });

  it('accepts a 7th digit 7 whose sum is one short of a multiple of 5', () => {
    expect(isTaxId('01059376')).toBe(true);
    // Another 7th digit with the same remainder fails.
    expect(isTaxId('01059386')).toBe(false);
  });

  it.each(['04595258', '12345674', '1234567', '123456789', 'ABCDEFGH', '0459525７', '', '00000000'])(
    'rejects %j',
    (id) => expect(isTaxId(id)).toBe(false),
  );

  it('agrees with the ministry’s rule on a sweep of numbers, and about one in five passes', () => {
    let passed = 0;
    for (let n = 1; n < 100_000_000; n += 9_973) {
      const id = String(n).padStart(8, '0');
      expect(isTaxId(id), id).toBe(reference(id));
      if (isTaxId(id)) passed++;
    }
    expect(passed).toBeGreaterThan(1_500);
    expect(passed).toBeLessThan(2_700);
  });
});

describe('carriers and donation codes', () => {
  it('mobile barcode: / and seven of 0-9 A-Z . + -', () => {
    for (const ok of ['/ABC1234', '/A.B+C-1', '/0000000']) expect(isMobileBarcode(ok), ok).toBe(true);
    for (const bad of ['/ABC123', '/ABC12345', 'ABC12345', '/abc1234', '/AB,1234', '/AB 1234', ''])
      expect(isMobileBarcode(bad), bad).toBe(false);
  });

  it('citizen certificate: two capitals and fourteen digits', () => {
    expect(isCitizenCert('AB12345678901234')).toBe(true);
    for (const bad of ['A123456789012345', 'AB1234567890123', 'ab12345678901234', 'AB123456789012345'])
      expect(isCitizenCert(bad), bad).toBe(false);
  });

  it('donation code: 3 to 7 digits, and the listed charities all pass', () => {
    for (const ok of ['919', '8585', '1234567']) expect(isDonationCode(ok)).toBe(true);
    for (const bad of ['12', '12345678', '91a', '']) expect(isDonationCode(bad)).toBe(false);
    expect(CHARITIES.length).toBeGreaterThanOrEqual(3);
    for (const c of CHARITIES) expect(isDonationCode(c.code), c.zh).toBe(true);
    expect(new Set(CHARITIES.map((c) => c.code)).size).toBe(CHARITIES.length);
    expect(findCharity('919')?.zh).toContain('創世');
    expect(findCharity('1')).toBeUndefined();
  });
});

describe('validateInvoice', () => {
  it('accepts each kind with its field, normalised', () => {
    expect(validateInvoice({ kind: 'member' })).toEqual({ ok: true, value: { kind: 'member' } });
    expect(validateInvoice({ kind: 'mobile', mobileBarcode: ' /abc+123 ' })).toEqual({
      ok: true,
      value: { kind: 'mobile', mobileBarcode: '/ABC+123' },
    });
    expect(validateInvoice({ kind: 'citizen', citizenCert: 'ＡＢ12345678901234' })).toEqual({
      ok: true,
      value: { kind: 'citizen', citizenCert: 'AB12345678901234' },
    });
    expect(validateInvoice({ kind: 'donation', donationCode: '919' })).toEqual({
      ok: true,
      value: { kind: 'donation', donationCode: '919' },
    });
    expect(
      validateInvoice({ kind: 'company', taxId: '04595257', companyName: ' 聲林音響  有限公司 ', print: true }),
    ).toEqual({ ok: true, value: { kind: 'company', taxId: '04595257', companyName: '聲林音響 有限公司' } });
  });

  it('ties each missing or bad value to its field', () => {
    expect(validateInvoice({})).toEqual({ ok: false, errors: { kind: 'invoice.error.kind' } });
    expect(validateInvoice({ kind: 'paper' })).toEqual({ ok: false, errors: { kind: 'invoice.error.kind' } });
    expect(validateInvoice({ kind: 'mobile', mobileBarcode: '/AB,1234' }).ok).toBe(false);
    expect(validateInvoice({ kind: 'company', taxId: '04595258', companyName: '' })).toEqual({
      ok: false,
      errors: { taxId: 'invoice.error.taxId', companyName: 'invoice.error.companyName' },
    });
    expect(validateInvoice({ kind: 'company', taxId: '04595257', companyName: '名'.repeat(61) })).toEqual({
      ok: false,
      errors: { companyName: 'invoice.error.companyName' },
    });
    expect(validateInvoice({ kind: 'donation', donationCode: '12' })).toEqual({
      ok: false,
      errors: { donationCode: 'invoice.error.donationCode' },
    });
  });

  it('applies the cross-field rules', () => {
    expect(validateInvoice({ kind: 'donation', donationCode: '919', taxId: '04595257' })).toEqual({
      ok: false,
      errors: { taxId: 'invoice.error.taxIdNotAllowed' },
    });
    expect(validateInvoice({ kind: 'donation', donationCode: '919', print: true })).toEqual({
      ok: false,
      errors: { print: 'invoice.error.printNotAllowed' },
    });
    expect(validateInvoice({ kind: 'member', taxId: '04595257' })).toEqual({
      ok: false,
      errors: { taxId: 'invoice.error.taxIdNotAllowed' },
    });
    expect(
      validateInvoice({ kind: 'company', taxId: '04595257', companyName: 'X', citizenCert: 'AB12345678901234' }),
    ).toEqual({ ok: false, errors: { citizenCert: 'invoice.error.carrierNotAllowed' } });
    expect(validateInvoice({ kind: 'company', taxId: '04595257', companyName: 'X', donationCode: '919' })).toEqual({
      ok: false,
      errors: { donationCode: 'invoice.error.donationNotAllowed' },
    });
    expect(validateInvoice({ kind: 'citizen', citizenCert: 'AB12345678901234', mobileBarcode: '/ABC1234' })).toEqual({
      ok: false,
      errors: { mobileBarcode: 'invoice.error.carrierNotAllowed' },
    });
  });
});

describe('store pickup receiver', () => {
  it.each(['王小明', '歐陽娜娜', '林美', 'Mary', 'John Smith', 'ABCDEFGHIJ'])('accepts the name %s', (name) => {
    expect(validatePickupReceiver({ name, mobile: '0912-345-678' })).toEqual({
      ok: true,
      value: { name, mobile: '0912345678' },
    });
  });

  it.each(['王', '王小明大中華', 'Tom', 'ABCDEFGHIJK', '王小明A', 'Mary1', 'Mary-Ann', ''])(
    'rejects the name %j',
    (name) => {
      expect(validatePickupReceiver({ name, mobile: '0912345678' })).toEqual({
        ok: false,
        errors: { name: 'receiver.error.name' },
      });
    },
  );

  it('requires a mobile number', () => {
    expect(validatePickupReceiver({ name: '王小明' })).toEqual({
      ok: false,
      errors: { mobile: 'receiver.error.mobile' },
    });
    expect(validatePickupReceiver({ name: '王小明', mobile: '0223456789' }).ok).toBe(false);
  });
});

describe('messages', () => {
  it('every error code reads in both languages', () => {
    for (const code of [...INVOICE_ERRORS, ...RECEIVER_ERRORS]) {
      expect((MESSAGES['zh-TW'] as Record<string, string>)[code], code).toBeTruthy();
      expect((MESSAGES.en as Record<string, string>)[code], code).toBeTruthy();
    }
  });
});
