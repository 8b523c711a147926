import { beforeAll, describe, expect, it } from '@jest/globals';
import { Bid, BiddingRound } from '../../backend/src/modules/bidding/bidding.entities.js';
import { newBiddingRound } from '../factories/bidding.js';
import { newMember } from '../factories/users.js';
import { pageHeading, signedInAs, site, useTabs, visit } from './support/browser.js';

describe('bidding', () => {
  const open = useTabs();
  let roundId: number;

  beforeAll(async () => {
    const em = site().em();
    await newMember(em, 'driver', { profile: { driverNumber: 5 } });
    roundId = (
      await newBiddingRound(em, {
        name: 'Winter numbers',
        lots: [
          { kind: 'NUMBER', label: '44' },
          { kind: 'NUMBER', label: '77' },
        ],
      })
    ).id;
  });

  it('lets a driver place a sealed bid on an open round from their profile and see it with their budget', async () => {
    const page = await open();
    await signedInAs(page, 'driver', '/profile');
    expect(await pageHeading(page)).toBe('My profile');
    const round = page.getByRole('article', { name: /^Winter numbers for / });
    await round.getByText('100 left').waitFor();
    // A bid off the increment is explained beside the field and not sent.
    await round.getByRole('spinbutton', { name: 'Bid for Number 44' }).fill('12');
    await round.getByRole('button', { name: 'Place bid' }).first().click();
    await round.getByText('A bid goes up in steps of 5 from 10').waitFor();
    await round.getByRole('spinbutton', { name: 'Bid for Number 44' }).fill('35');
    await round.getByRole('button', { name: 'Place bid' }).first().click();
    await round.getByText('65 left').waitFor();
    const row = round.getByRole('row', { name: /Number 44/ });
    await row.getByRole('button', { name: 'Change bid' }).waitFor();
    // Cells after the lot's name: closes, your bid, the bid form.
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('35');
    // Still there on the next visit: the bid is stored, and shown only to its bidder.
    await visit(page, '/profile');
    await page
      .getByRole('article', { name: /^Winter numbers for / })
      .getByText('65 left')
      .waitFor();
    expect(await site().em().count(Bid, { amount: 35 })).toBe(1);
  });

  it('lets an admin (an organizer too) edit a round, with a refused change explained beside its field', async () => {
    const page = await open();
    await signedInAs(page, 'admin', '/admin/biddingconfig');
    expect(await pageHeading(page)).toBe('Bidding configuration');
    const table = page.getByRole('table', { name: 'Bidding rounds' });
    await table.getByRole('row', { name: /Winter numbers/ }).waitFor();
    await page.getByRole('button', { name: 'Edit Winter numbers' }).click();
    const form = page.getByRole('form', { name: 'Edit Winter numbers' });
    await form.getByRole('spinbutton', { name: 'Counter-bid window (hours)' }).fill('12');
    await form.getByRole('button', { name: 'Save round' }).click();
    await form.getByText('Counter-bid window (hours) must be a whole number from 24 to 48').waitFor();

    await form.getByRole('spinbutton', { name: 'Counter-bid window (hours)' }).fill('36');
    await form.getByRole('textbox', { name: 'Name' }).fill('Winter numbers (late)');
    await form.getByRole('textbox', { name: 'Lots' }).fill('number 44\nnumber 77\nnumbers 90-92');
    await form.getByRole('button', { name: 'Save round' }).click();
    await table.getByRole('row', { name: /Winter numbers \(late\)/ }).waitFor();
    const saved = await site()
      .em()
      .findOneOrFail(BiddingRound, roundId, { populate: ['lots'] });
    expect({
      name: saved.name,
      counterBidHours: saved.counterBidHours,
      lots: saved.lots
        .getItems()
        .map((lot) => lot.label)
        .sort(),
    }).toEqual({
      name: 'Winter numbers (late)',
      counterBidHours: 36,
      lots: ['44', '77', '90', '91', '92'],
    });
  });
});
