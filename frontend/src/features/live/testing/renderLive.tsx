import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import type { LiveTimingFrame } from '@paddock/contracts/timing.js';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { RealtimeConnection } from '../../../lib/realtime/connection.js';
import { FakeSocket } from '../../../testing/fakeSocket.js';
import { TIMING_FRAME, TimingConnectionContext } from '../timing/liveTiming.js';

/** Renders `element` at `path` (matched by `pattern`) with a cache, a store and a live connection over a fake socket the test plays the server on. */
export function renderLive(element: ReactElement, { path, pattern }: { path: string; pattern: string }) {
  const queryClient: QueryClient = createQueryClient();
  const socket = new FakeSocket();
  const connection = new RealtimeConnection(() => socket.asSocket());
  connection.connect();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Provider store={createStore()}>
        <TimingConnectionContext value={connection}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={element} />
            </Routes>
          </MemoryRouter>
        </TimingConnectionContext>
      </Provider>
    </QueryClientProvider>,
  );
  const cleanUp = () => {
    view.unmount();
    connection.disconnect();
    queryClient.clear();
  };
  return { queryClient, socket, connection, cleanUp };
}

/** The rooms the client asked the fake server to join and leave, in order. */
export const roomRequests = (socket: FakeSocket) =>
  socket.emitted
    .filter((message) => message.name === 'subscribe' || message.name === 'unsubscribe')
    .map((message) => `${message.name} ${(message.payload as { room: string }).room}`);

/** The fake server pushes `frame` to the room; resolves once the screen has shown what it did (the cache tells its observers on a timer). */
export async function pushFrame(socket: FakeSocket, frame: LiveTimingFrame): Promise<void> {
  await act(async () => {
    socket.push(TIMING_FRAME, frame);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
