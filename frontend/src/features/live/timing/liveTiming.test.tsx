import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { installFakeApi, type FakeReply } from '../../../testing/fakeApi.js';
import { pushFrame, renderLive, roomRequests } from '../testing/renderLive.js';
import { liveTiming, snapshotFrame } from '../testing/timingFixture.js';
import { useLiveTiming } from './liveTiming.js';

function Version({ label }: { label: string }) {
  const timing = useLiveTiming(7);
  return (
    <p>
      {label} {timing.data === undefined ? 'loading' : (timing.data?.version ?? 'none')}
    </p>
  );
}

let cleanUp: () => void = () => undefined;
afterEach(() => cleanUp());

describe('useLiveTiming', () => {
  it('joins the race’s room once however many components show it, and leaves when the last one goes', async () => {
    installFakeApi({ 'GET /api/races/7/timing': { status: 200, body: liveTiming() } });
    const view = renderLive(
      <>
        <Version label="tower" />
        <Version label="standings" />
      </>,
      { path: '/live', pattern: '/live' },
    );
    await screen.findByText('tower 10');
    expect(screen.getByText('standings 10')).toBeInTheDocument();
    expect(roomRequests(view.socket)).toEqual(['subscribe live:7']);
    view.cleanUp();
    expect(roomRequests(view.socket)).toEqual(['subscribe live:7', 'unsubscribe live:7']);
  });

  it('keeps a pushed snapshot newer than the API’s late answer', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    installFakeApi({ 'GET /api/races/7/timing': () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    const view = renderLive(<Version label="tower" />, { path: '/live', pattern: '/live' });
    cleanUp = view.cleanUp;
    await pushFrame(view.socket, snapshotFrame(liveTiming({ version: 20 })));
    expect(screen.getByText('tower 20')).toBeInTheDocument();
    await act(async () => {
      answer({ status: 200, body: liveTiming({ version: 12 }) });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('tower 20')).toBeInTheDocument();
  });

  it('answers null when the race has no live timing', async () => {
    installFakeApi({});
    const view = renderLive(<Version label="tower" />, { path: '/live', pattern: '/live' });
    cleanUp = view.cleanUp;
    expect(await screen.findByText('tower none')).toBeInTheDocument();
  });
});
