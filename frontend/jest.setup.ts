import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router uses them when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no matchMedia; MUI's useMediaQuery and colour-scheme detection need one.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom does not implement scrolling; the hash scroll calls it.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

// jsdom's <dialog> has no showModal or close (the plain Dialog uses them): open and close it by its attribute.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// A first render may wait on lazily loaded pages, which jest compiles on first import: on a busy
// machine that alone can pass testing-library's 1 s default. What the tests wait for is unchanged.
configure({ asyncUtilTimeout: 5_000 });
