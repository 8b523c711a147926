/** What a steward sees of the panel's votes: their own rule (others hidden until they vote), recusal first. */
import type { TicketInternalDto, VoteDto } from './types.js';

export type VoteView =
  { kind: 'recused'; reason: string; votesCast: number } | { kind: 'hidden'; votesCast: number; text: string } | { kind: 'shown'; votes: VoteDto[]; votesCast: number };

export function votesCastText(count: number): string {
  return count === 0 ? 'No votes yet' : `${count} vote${count === 1 ? '' : 's'} cast`;
}

/**
 * A recused steward sees why they may not vote or decide; one who has not voted sees only how many
 * did (the server sends no votes then, and this never shows any it might hold); after voting, all.
 */
export function voteView(internal: Pick<TicketInternalDto, 'votes' | 'votesCast' | 'myVote' | 'recusedReason'>): VoteView {
  const { votesCast } = internal;
  if (internal.recusedReason) return { kind: 'recused', reason: internal.recusedReason, votesCast };
  if (!internal.myVote || internal.votes === null) {
    const others = votesCast === 0 ? 'No votes yet.' : `${votesCastText(votesCast)}; they are hidden until you vote.`;
    return { kind: 'hidden', votesCast, text: others };
  }
  return { kind: 'shown', votes: internal.votes, votesCast };
}
