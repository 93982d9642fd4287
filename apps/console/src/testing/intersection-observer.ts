import { afterEach, beforeEach, vi } from 'vitest';
import { act } from '@testing-library/react';

/** jsdom has no IntersectionObserver: this one reports 'near the screen' when a test says so. */
export class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  private targets: Element[] = [];
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    this.targets.push(target);
    FakeIntersectionObserver.live.add(this);
  }
  unobserve() {}
  disconnect() {
    FakeIntersectionObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
  reach() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** The reader scrolls to the end of what a list shows. */
export function scrollToEnd() {
  act(() => [...FakeIntersectionObserver.live].forEach((observer) => observer.reach()));
}

/** Every test of the calling file runs with the stand-in observer, and none is left watching after it. */
export function withFakeIntersectionObserver() {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeIntersectionObserver.live.clear();
  });
}
