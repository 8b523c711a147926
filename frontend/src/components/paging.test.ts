import { describe, expect, it } from '@jest/globals';
import { ALL_ROWS, PAGE_SIZE_OPTIONS, toPageRequest } from './paging.js';

describe('toPageRequest', () => {
  it('sends the shown page 0-based with its size', () => {
    expect(toPageRequest(0, 25)).toEqual({ pageNumber: 0, pageSize: 25 });
    expect(toPageRequest(2, 10)).toEqual({ pageNumber: 2, pageSize: 10 });
  });

  it('asks for everything on one page for All', () => {
    expect(toPageRequest(3, ALL_ROWS)).toEqual({ pageNumber: 0, pageSize: 1000 });
  });

  it('offers 10, 25, 50, 100 and All', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 25, 50, 100, { label: 'All', value: ALL_ROWS }]);
  });
});
