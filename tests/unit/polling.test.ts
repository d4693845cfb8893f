import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { poll } from '../../src/lib/api/polling.ts';
import { $ui, resetLoading } from '../../src/stores/ui.ts';

beforeEach(() => {
  vi.useFakeTimers();
  resetLoading();
});
afterEach(() => vi.useRealTimers());

describe('poll', () => {
  it('asks again 5000 ms after each answer until onResult says stop', async () => {
    let n = 0;
    const request = vi.fn(async () => ++n);
    poll(request, { onResult: (r) => r === 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('stops after more than 3 failures in a row and shows the error modal', async () => {
    const request = vi.fn(async () => {
      throw new Error('server down');
    });
    poll(request, { delayMs: 100 });
    await vi.advanceTimersByTimeAsync(200);
    expect(request).toHaveBeenCalledTimes(3);
    expect($ui.get().errorMessage).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(request).toHaveBeenCalledTimes(4);
    expect($ui.get().errorMessage).toBe('server down');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(request).toHaveBeenCalledTimes(4);
  });

  it('forgives failures after a success', async () => {
    let n = 0;
    const request = vi.fn(async () => {
      n++;
      if (n !== 4) throw new Error('blip');
      return n;
    });
    const stop = poll(request, { delayMs: 10 });
    await vi.advanceTimersByTimeAsync(30);
    expect($ui.get().errorMessage).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(request).toHaveBeenCalledTimes(8);
    expect($ui.get().errorMessage).toBe('blip');
    stop();
  });

  it('stop() ends polling', async () => {
    const request = vi.fn(async () => 1);
    const stop = poll(request, { delayMs: 10 });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
