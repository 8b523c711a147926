import { describe, expect, it } from '@jest/globals';
import { routeId } from './routeId.js';

describe('routeId', () => {
  it('reads a positive whole number', () => {
    expect(routeId('12')).toBe(12);
    expect(routeId('1')).toBe(1);
  });

  it('names no record for anything else', () => {
    for (const segment of [undefined, '', 'abc', 'NaN', '0', '-3', '1.5', '1e3', '012', ' 4', '99999999999999999']) expect(routeId(segment)).toBeNull();
  });
});
