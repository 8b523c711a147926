import { describe, expect, it, jest } from '@jest/globals';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyPage } from './lazyPage.js';

const Screen = ({ label = 'the screen' }: { label?: string }) => <p>{label}</p>;

describe('lazyPage', () => {
  it('downloads the screen on its first render, showing the fallback meanwhile', async () => {
    const load = jest.fn(() => Promise.resolve({ default: () => <Screen /> }));
    const Page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded screen at once, without the fallback, and downloads it once', async () => {
    const load = jest.fn(() => Promise.resolve({ NamedScreen: Screen }));
    const Page = lazyPage(load, (m) => <m.NamedScreen label="with props" />);
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('with props')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next preload', async () => {
    const load = jest
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => <Screen /> });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
