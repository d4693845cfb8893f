import { expect } from 'vitest';

const SNAKE = /^[a-z0-9]+(_[a-z0-9]+)*$/;

/** Asserts every object key in a JSON value is snake_case (the wire format). */
export function expectSnakeKeys(value: unknown, path = '$'): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      expectSnakeKeys(v, `${path}[${i}]`);
    });
    return;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      expect(k, `${path}.${k}`).toMatch(SNAKE);
      expectSnakeKeys(v, `${path}.${k}`);
    }
  }
}

/** Asserts a success envelope and returns its result. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
export function okResult(r: { status: number; json: any }): any {
  expect(r.status, JSON.stringify(r.json).slice(0, 300)).toBe(200);
  expect(r.json).toMatchObject({ status: true, message: '' });
  expect(Object.keys(r.json).sort()).toEqual(['message', 'result', 'status']);
  expectSnakeKeys(r.json);
  return r.json.result;
}

/** Asserts the paged shape `{total, limit, current, page_count, data}` against expectations. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
export function expectPaged(result: any, total: number, current: number, limit: number): void {
  expect(Object.keys(result).sort()).toEqual(['current', 'data', 'limit', 'page_count', 'total']);
  expect(result).toMatchObject({ total, current, limit, page_count: Math.max(1, Math.ceil(total / limit)) });
  const expected = Math.max(0, Math.min(limit, total - (current - 1) * limit));
  expect(result.data).toHaveLength(expected);
}

/** Asserts a failure envelope with the given status and code. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
export function expectFailure(r: { status: number; json: any }, status: number, code: string): void {
  expect(r.status, JSON.stringify(r.json).slice(0, 300)).toBe(status);
  expect(r.json).toMatchObject({ status: false, result: null, code });
  expect(typeof r.json.message).toBe('string');
  expect(r.json.message.length).toBeGreaterThan(0);
}
