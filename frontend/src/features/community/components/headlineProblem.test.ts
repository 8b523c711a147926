import { describe, expect, it } from '@jest/globals';
import { headlineProblem } from './HeadlinesAdminPage.js';

describe('headlineProblem', () => {
  it("allows at most 200 characters, trimmed (an empty headline is the form's required check)", () => {
    expect(headlineProblem('x'.repeat(201))).toBe('At most 200 characters (this one has 201)');
    expect(headlineProblem(` ${'x'.repeat(200)} `)).toBeNull();
    expect(headlineProblem('Season five starts Monday')).toBeNull();
  });
});
