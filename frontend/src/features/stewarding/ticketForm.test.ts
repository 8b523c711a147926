import { describe, expect, it } from '@jest/globals';
import { EMPTY_TICKET_FORM, checkTicket, ticketRequestOf } from './ticketForm.js';

describe('the filing form', () => {
  it('asks for a description of at least 10 characters', () => {
    expect(checkTicket(EMPTY_TICKET_FORM)).toEqual({
      description: 'Describe what happened in at least 10 characters.',
    });
  });

  it('checks lap, times and evidence links beside their fields', () => {
    const messages = checkTicket({
      ...EMPTY_TICKET_FORM,
      accusedProfileIds: [2],
      description: 'Divebomb into turn one, no overlap.',
      lap: '0',
      raceTime: '23:61',
      videoTimestamp: 'later',
      evidence: [
        { url: 'ftp://example.org/clip', time: '1:02:03' },
        { url: '', time: '12:34' },
        { url: 'https://youtu.be/abc', time: '12' },
        { url: '', time: '' },
      ],
    });
    expect(messages).toEqual({
      lap: 'A lap number from 1.',
      raceTime: 'As mm:ss(.s) or h:mm:ss, e.g. 23:41.2.',
      videoTimestamp: 'As mm:ss or h:mm:ss, e.g. 1:02:03.',
      'evidence.0.url': 'A web address starting with http:// or https://.',
      'evidence.1.url': 'Add the link, or remove this row.',
      'evidence.2.time': 'As mm:ss or h:mm:ss, e.g. 12:34.',
    });
  });

  it('sends what was typed, trimmed, without empty evidence rows', () => {
    const values = {
      accusedProfileIds: [2, 3],
      lap: ' 4 ',
      raceTime: '23:41.2',
      videoTimestamp: '',
      corner: ' T1 ',
      description: '  Divebomb into turn one, no overlap. ',
      evidence: [
        { url: 'https://youtu.be/abc', time: '1:02:03' },
        { url: ' ', time: '' },
      ],
    };
    expect(checkTicket(values)).toEqual({});
    expect(ticketRequestOf(11, values)).toEqual({
      raceId: 11,
      accusedProfileIds: [2, 3],
      lap: 4,
      raceTime: '23:41.2',
      videoTimestamp: null,
      corner: 'T1',
      description: 'Divebomb into turn one, no overlap.',
      evidence: [{ url: 'https://youtu.be/abc', time: '1:02:03' }],
    });
  });
});
