import { createStore } from 'jotai';

/** The app's one Jotai store: components read it through the Provider, non-React code (start-up, sockets) directly. */
export const appStore = createStore();
export type AppStore = ReturnType<typeof createStore>;
