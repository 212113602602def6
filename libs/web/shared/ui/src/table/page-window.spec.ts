import { describe, expect, it } from '@jest/globals';
import { pageWindow } from './page-window.js';

describe('pageWindow: the pages the pagination control shows', () => {
  it('shows nothing for one page or none', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([]);
  });

  it('shows every page when they fit in 7', () => {
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('builds the window around the current page, first and last always shown, with ellipses', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
  });

  it('always shows the current page and 7 slots, whatever the page', () => {
    for (let total = 8; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const slots = pageWindow(page, total);
        expect(slots).toHaveLength(7);
        expect(slots).toContain(page);
        expect([slots[0], slots[6]]).toEqual([1, total]);
      }
    }
  });
});
