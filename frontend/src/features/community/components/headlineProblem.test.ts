import { describe, expect, it } from '@jest/globals';
import { headlineProblem } from './HeadlinesAdminPage.js';

describe('headlineProblem', () => {
  it('asks for text and at most 200 characters, trimmed', () => {
    expect(headlineProblem('   ')).toBe('Write the headline first');
    expect(headlineProblem('x'.repeat(201))).toBe('At most 200 characters (this one has 201)');
    expect(headlineProblem(` ${'x'.repeat(200)} `)).toBeNull();
    expect(headlineProblem('Season five starts Monday')).toBeNull();
  });
});
