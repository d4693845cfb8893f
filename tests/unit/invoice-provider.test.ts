import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STAGE_ACCOUNTS } from '../../src/server/providers/ecpay/config.ts';
import { decryptData, encryptData, urlEncode } from '../../src/server/providers/invoice/ecpay-crypto.ts';
import { issueData } from '../../src/server/providers/invoice/ecpay-data.ts';
import type { InvoiceRequest } from '../../src/server/providers/invoice/invoice.ts';

const keys = STAGE_ACCOUNTS.invoice;

describe('ECPay Data encryption', () => {
  it('is AES-128-CBC of the URL-encoded JSON with HashKey and HashIV, in base64', () => {
    const data = { RelateNumber: 'A0001', CustomerName: '王 小明+', Items: [{ ItemName: "Oak ~stand's" }] };
    const b64 = encryptData(data, keys);
    expect(b64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const d = createDecipheriv('aes-128-cbc', Buffer.from(keys.hashKey), Buffer.from(keys.hashIV));
    const plain = Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8');
    expect(plain).toContain('%E7%8E%8B+%E5%B0%8F%E6%98%8E%2B');
    expect(plain).not.toContain(' ');
    expect(decodeURIComponent(plain.replaceAll('+', ' '))).toBe(JSON.stringify(data));
    expect(decryptData(b64, keys)).toEqual(data);
  });

  // ECPay's published vectors (ECPay/ECPay-API-Skill test-vectors/aes-encryption.json), on its stage invoice keys.
  it("matches ECPay’s published vectors, !*'()~ encoded as PHP urlencode does", () => {
    expect(keys).toMatchObject({ hashKey: 'ejCk326UnaZWKisg', hashIV: 'q9jcZX8Ib9LM8wYk' });
    expect(urlEncode(JSON.stringify({ Name: "test!*'()~value" }))).toBe(
      '%7B%22Name%22%3A%22test%21%2A%27%28%29%7Evalue%22%7D',
    );
    expect(encryptData({ Name: "test!*'()~value" }, keys)).toBe(
      'uvI4yrErM37XNQkXGAgRgBuDOiJoVs72Xn/rum9Ejl1DSna4HyLSoY7764PmhTR7JXb9jJWLSjCGcZEDeFiABg==',
    );
    expect(encryptData({ MerchantID: '2000132', BarCode: '/1234567' }, keys)).toBe(
      'XeEOdHpTRvxKEqs/JD9RSd16s7VtpyWVCN6AV44pKTW3DVa6yI7vKmjBRp2eulDhXoru/qBqFDBH3fEqlkMn3bbJfJBfGAq+v+SvttutYnc=',
    );
    expect(encryptData({ MerchantID: '2000132', ItemName: '綠界科技測試商品' }, keys)).toBe(
      'XeEOdHpTRvxKEqs/JD9RSd16s7VtpyWVCN6AV44pKTVKsXddZRgV+Cle9oeB2PqsEC2O0oDi4kObiCtdGznG9aAX69Kj0//VjGXhieBYZ3RuGW9v20xQyBevaBwtOvg1lYjlDw6jsgfToGMUvlGsIJ2DO6/tbXjNZumnRgj2GCSj7LLDRBU3KlkUWji16nO1',
    );
    expect(
      decryptData('uvI4yrErM37XNQkXGAgRgBuDOiJoVs72Xn/rum9Ejl1DSna4HyLSoY7764PmhTR7JXb9jJWLSjCGcZEDeFiABg==', keys),
    ).toEqual({
      Name: "test!*'()~value",
    });
  });

  it('refuses Data under other keys', () => {
    const b64 = encryptData({ a: 1 }, keys);
    expect(() => decryptData(b64, { hashKey: 'x'.repeat(16), hashIV: keys.hashIV })).toThrow();
  });
});

describe('Issue data', () => {
  const base: Omit<InvoiceRequest, 'choice'> = {
    relateNumber: 'A0001',
    buyer: {
      name: '王小明',
      email: 'demo@soundwood.tw',
      phone: '0912345678',
      address: '臺北市大安區復興南路一段 1 號',
    },
    items: [
      { name: 'KEF LS50 Meta', quantity: 1, unitPrice: 39_900 },
      { name: '喇叭線', quantity: 2, unitPrice: 1_200 },
    ],
    total: 42_300,
  };

  it('maps each invoice choice to ECPay fields', () => {
    const member = issueData({ ...base, choice: { kind: 'member' } }, '2000132');
    expect(member).toMatchObject({
      CarrierType: '1',
      CarrierNum: '',
      Print: '0',
      Donation: '0',
      CustomerIdentifier: '',
    });
    expect(member.Items.map((i) => i.ItemAmount)).toEqual([39_900, 2_400]);
    expect(member.SalesAmount).toBe(42_300);
    expect(issueData({ ...base, choice: { kind: 'mobile', mobileBarcode: '/ABC+123' } }, '2000132')).toMatchObject({
      CarrierType: '3',
      CarrierNum: '/ABC+123',
    });
    expect(
      issueData({ ...base, choice: { kind: 'citizen', citizenCert: 'AB12345678901234' } }, '2000132'),
    ).toMatchObject({
      CarrierType: '2',
      CarrierNum: 'AB12345678901234',
    });
    expect(issueData({ ...base, choice: { kind: 'donation', donationCode: '919' } }, '2000132')).toMatchObject({
      Donation: '1',
      LoveCode: '919',
      Print: '0',
      CarrierType: '',
    });
    expect(
      issueData(
        { ...base, choice: { kind: 'company', taxId: '04595257', companyName: '聲林音響有限公司' } },
        '2000132',
      ),
    ).toMatchObject({ Print: '1', CustomerIdentifier: '04595257', CustomerName: '聲林音響有限公司', CarrierType: '' });
  });
});
