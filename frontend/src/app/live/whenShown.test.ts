import { describe, expect, it, jest } from '@jest/globals';
import { createStore } from 'jotai';
import { readinessAtom } from '../../features/site/index.js';
import { whenSiteShown } from './whenShown.js';

describe('whenSiteShown', () => {
  it('runs the task once, when the browser is idle after start-up has shown the site', () => {
    const store = createStore();
    const task = jest.fn();
    const idleTasks: (() => void)[] = [];
    whenSiteShown(store, task, (idleTask) => idleTasks.push(idleTask));
    store.set(readinessAtom, 'no');
    expect(idleTasks).toHaveLength(0);
    store.set(readinessAtom, 'yes');
    store.set(readinessAtom, 'empty');
    store.set(readinessAtom, 'yes');
    expect(idleTasks).toHaveLength(1);
    expect(task).not.toHaveBeenCalled();
    idleTasks[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task when the site is already shown', () => {
    const store = createStore();
    store.set(readinessAtom, 'yes');
    const task = jest.fn();
    whenSiteShown(store, task, (idleTask) => idleTask());
    expect(task).toHaveBeenCalledTimes(1);
  });
});
