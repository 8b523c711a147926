import { describe, expect, it, jest } from '@jest/globals';
import { createStore } from 'jotai';
import { readinessAtom } from '../../features/site/index.js';
import { createQueryClient } from '../../lib/query/queryClient.js';
import { afterFirstPage } from './afterFirstPage.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const now = () => Promise.resolve();
const browser = { idle: now, contentPainted: now };

describe('afterFirstPage', () => {
  it('runs the task once start-up has shown the site and the page’s calls have answered', async () => {
    const store = createStore();
    const queryClient = createQueryClient();
    const task = jest.fn();
    let answer: (value: string) => void = () => undefined;
    void afterFirstPage(store, queryClient, task, browser);

    store.set(readinessAtom, 'no');
    await flush();
    expect(task).not.toHaveBeenCalled();

    void queryClient.fetchQuery({ queryKey: ['page'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    store.set(readinessAtom, 'yes');
    await flush();
    expect(task).not.toHaveBeenCalled();

    answer('loaded');
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
    store.set(readinessAtom, 'empty');
    store.set(readinessAtom, 'yes');
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task at once when the site is shown and nothing is loading', async () => {
    const store = createStore();
    store.set(readinessAtom, 'yes');
    const task = jest.fn();
    await afterFirstPage(store, createQueryClient(), task, browser);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits until the browser has drawn the page', async () => {
    const store = createStore();
    store.set(readinessAtom, 'yes');
    const task = jest.fn();
    let paint: () => void = () => undefined;
    void afterFirstPage(store, createQueryClient(), task, { idle: now, contentPainted: () => new Promise((resolve) => (paint = resolve)) });
    await flush();
    expect(task).not.toHaveBeenCalled();

    paint();
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
