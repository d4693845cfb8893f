import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_BAR } from '../../src/config.ts';
import { $ui, finishLoading, resetLoading, startLoading } from '../../src/stores/ui.ts';

beforeEach(() => {
  vi.useFakeTimers();
  resetLoading();
});
afterEach(() => vi.useRealTimers());

const phase = () => $ui.get().loading;

describe('loading bar', () => {
  it('never appears for work shorter than the throttle', () => {
    startLoading();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs - 1);
    finishLoading();
    vi.advanceTimersByTime(5_000);
    expect(phase()).toBe('idle');
  });

  it('appears after the throttle, completes, fades after 500 ms and resets 400 ms later', () => {
    startLoading();
    expect(phase()).toBe('idle');
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    expect(phase()).toBe('loading');
    finishLoading();
    expect(phase()).toBe('done');
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs);
    expect(phase()).toBe('hiding');
    vi.advanceTimersByTime(LOADING_BAR.resetDelayMs);
    expect(phase()).toBe('idle');
  });

  it('waits for the last of overlapping tasks and shows the error colour when one failed', () => {
    startLoading();
    startLoading();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    finishLoading(true);
    expect(phase()).toBe('loading');
    expect($ui.get().loadingError).toBe(true);
    finishLoading();
    expect(phase()).toBe('done');
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs + LOADING_BAR.resetDelayMs);
    expect($ui.get()).toMatchObject({ loading: 'idle', loadingError: false });
  });

  it('a task started while fading brings the bar back', () => {
    startLoading();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    finishLoading();
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs);
    startLoading();
    expect(phase()).toBe('loading');
    vi.advanceTimersByTime(5_000);
    expect(phase()).toBe('loading');
  });
});
