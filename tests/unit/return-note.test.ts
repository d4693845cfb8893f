import { describe, expect, it } from 'vitest';
import { returnNote } from '../../src/server/notify/return-note.ts';

describe('returnNote (the order-placed mail on returns)', () => {
  it('states the period, the general exclusions and how to return, in Chinese', () => {
    const text = returnNote('zh-TW', 7, [], 'https://shop.example/return-policy');
    expect(text).toContain('收到商品 7 天內');
    expect(text).toContain('入耳式耳機');
    expect(text).toContain('申請退貨');
    expect(text).toContain('https://shop.example/return-policy');
  });

  it('names the order’s lines that cannot be returned once opened, in English, with the configured period', () => {
    const text = returnNote('en', 10, ['Seal IEM', 'Disc'], 'https://shop.example/en/return-policy');
    expect(text).toContain('within 10 days of receiving it');
    expect(text).toContain('Not returnable once opened or its seal is broken: Seal IEM, Disc.');
    expect(text).toContain('choose Return');
    expect(text).toContain('https://shop.example/en/return-policy');
  });
});
