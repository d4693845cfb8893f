import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliOptions, brotliWindowBits, gzipOptions } from '../../scripts/lib/compression.ts';

describe('the twins’ compression settings', () => {
  it('fits brotli’s window to the body: the smallest that holds it, within brotli’s bounds', () => {
    for (const bytes of [0, 1, 1_000, 1_008, 1_009, 48_504, 65_520, 65_521, 5_000_000, 100_000_000]) {
      const bits = brotliWindowBits(bytes);
      expect(bits).toBeGreaterThanOrEqual(10);
      expect(bits).toBeLessThanOrEqual(24);
      // A window of 2^bits holds 2^bits - 16 bytes.
      if (bytes <= 2 ** 24 - 16) expect(2 ** bits - 16).toBeGreaterThanOrEqual(bytes);
      if (bits > 10) expect(2 ** (bits - 1) - 16).toBeLessThan(bytes);
    }
  });

  it('gives twins that decompress to the page, smaller than it, for pages and assets alike', () => {
    const page = Buffer.from(
      `<!DOCTYPE html><html lang="zh-Hant-TW"><body>${'<p>聲林音響 Soundwood Audio：耳機、喇叭、擴大機</p>'.repeat(900)}</body></html>`,
    );
    for (const isPage of [true, false]) {
      const br = brotliCompressSync(page, brotliOptions(page.length, isPage));
      const gz = gzipSync(page, gzipOptions(isPage));
      expect(brotliDecompressSync(br).equals(page)).toBe(true);
      expect(gunzipSync(gz).equals(page)).toBe(true);
      expect(br.length).toBeLessThan(page.length / 10);
    }
  });
});
