import { describe, expect, it } from '@jest/globals';
import { eventDetailsPath, eventLinkTarget } from './eventLinkTarget.js';

describe('eventLinkTarget', () => {
  it('sends a season race to its series details with the event as the hash', () => {
    expect(eventLinkTarget({ id: 31, assessmentEvent: false, season: { id: 4, competition: { id: 2, name: 'GT Cup' } } })).toBe('/events/competitions/current/2/season/4#31');
  });

  it('sends an assessment event to the assessment page', () => {
    expect(eventLinkTarget({ id: 8, assessmentEvent: true, season: null })).toBe('/events/assessment');
  });

  it('lets a season win over the assessment flag', () => {
    expect(eventLinkTarget({ id: 8, assessmentEvent: true, season: { id: 1, competition: { id: 9, name: 'x' } } })).toBe('/events/competitions/current/9/season/1#8');
  });

  it('sends any other event to its own details', () => {
    expect(eventLinkTarget({ id: 15, assessmentEvent: false })).toBe('/events/15');
  });

  it('has event cards link their Details button to the event details', () => {
    expect(eventDetailsPath(15)).toBe('/events/15');
  });
});
