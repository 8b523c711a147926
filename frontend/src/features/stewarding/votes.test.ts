import { describe, expect, it } from '@jest/globals';
import type { VoteDto } from './types.js';
import { voteView } from './votes.js';

const vote = (name: string): VoteDto => ({ steward: { userId: name.length, name }, outcomes: [], reason: 'Racing incident.', round: 1, createdAt: '2026-11-24T12:00:00Z' });

describe("what a steward sees of the panel's votes", () => {
  it('shows only how many voted until the steward has voted', () => {
    expect(voteView({ votes: null, votesCast: 2, myVote: null, recusedReason: null })).toEqual({
      kind: 'hidden',
      votesCast: 2,
      text: '2 votes cast; they are hidden until you vote.',
    });
    expect(voteView({ votes: null, votesCast: 0, myVote: null, recusedReason: null })).toMatchObject({ kind: 'hidden', text: 'No votes yet.' });
  });

  it('never shows votes it holds while the steward has not voted', () => {
    expect(voteView({ votes: [vote('Ana')], votesCast: 1, myVote: null, recusedReason: null }).kind).toBe('hidden');
  });

  it('shows every vote once the steward voted', () => {
    const mine = vote('Ben');
    expect(voteView({ votes: [vote('Ana'), mine], votesCast: 2, myVote: mine, recusedReason: null })).toEqual({ kind: 'shown', votes: [vote('Ana'), mine], votesCast: 2 });
  });

  it('tells a recused steward why, whatever the votes', () => {
    expect(voteView({ votes: null, votesCast: 1, myVote: null, recusedReason: 'You raced in this race.' })).toEqual({
      kind: 'recused',
      reason: 'You raced in this race.',
      votesCast: 1,
    });
  });
});
