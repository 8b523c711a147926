import type { BiddingLotRequest } from '@paddock/contracts/bidding.js';

/** The largest range of numbers one line may open. */
const MAX_RANGE = 300;

/**
 * The organizers' lot list as text, one lot per line: `number 44`, `numbers 2-99`, `seat Seat 1`,
 * `car Ferrari 296 GT3 / Ferrari` (model / manufacturer). Blank lines are skipped.
 */
export function lotsFromText(text: string): { lots: BiddingLotRequest[]; problems: string[] } {
  const lots: BiddingLotRequest[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const [word, ...rest] = line.split(/\s+/);
    const value = rest.join(' ').trim();
    const kind = word.toLowerCase();
    if ((kind === 'numbers' || kind === 'number') && /^\d+\s*-\s*\d+$/.test(value)) {
      const [from, to] = value.split('-').map((part) => Number(part.trim()));
      if (to < from || to - from >= MAX_RANGE) problems.push(`Line ${index + 1}: a range goes up and holds at most ${MAX_RANGE} numbers`);
      else for (let n = from; n <= to; n += 1) lots.push({ kind: 'NUMBER', label: String(n) });
    } else if (kind === 'number' && value) lots.push({ kind: 'NUMBER', label: value });
    else if (kind === 'seat' && value) lots.push({ kind: 'SEAT', label: value });
    else if (kind === 'car' && value) {
      const [model, manufacturer] = value.split('/').map((part) => part.trim());
      lots.push({ kind: 'CAR', label: model, manufacturer: manufacturer || null });
    } else problems.push(`Line ${index + 1}: start with number, numbers, seat or car, then the lot`);
  });
  return { lots, problems };
}

/** The lots as the text `lotsFromText` reads (numbers one per line). */
export function lotsToText(lots: BiddingLotRequest[]): string {
  return lots
    .map((lot) =>
      lot.kind === 'NUMBER' ? `number ${lot.label}` : lot.kind === 'SEAT' ? `seat ${lot.label}` : `car ${lot.label}${lot.manufacturer ? ` / ${lot.manufacturer}` : ''}`,
    )
    .join('\n');
}
