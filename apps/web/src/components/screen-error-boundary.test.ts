// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { SiteIdentity } from '@inkwell/contracts';
import { siteQuery } from '../lib/site.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

/*
 * The boundary itself, with a screen that fails as a test says (e2e/error-boundary.spec.ts shows it
 * in the app, where a screen's data fails it every time).
 */

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let host: HTMLElement;
let root: Root;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host, { onCaughtError: () => {} });
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  logged.mockRestore();
});

let failing = true;
function Screen() {
  if (failing) throw new Error('The screen broke');
  return createElement('h1', null, 'The screen');
}
/** Goes elsewhere, as the top bar around the boundary would. */
let goTo: (path: string) => void;
function TopBar() {
  const navigate = useNavigate();
  useEffect(() => {
    goTo = navigate;
  }, [navigate]);
  return null;
}
/** The site's identity, as the page's head gives it to the app. */
const queryClient = new QueryClient();
queryClient.setQueryData(siteQuery().queryKey, { name: 'The Fell Walkers' } as SiteIdentity);
const show = (children: ReactNode) =>
  act(() =>
    root.render(
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(
          MemoryRouter,
          { initialEntries: ['/blog/a'] },
          createElement(TopBar),
          createElement(ScreenErrorBoundary, null, children),
        ),
      ),
    ),
  );
const heading = () => host.querySelector('h1')?.textContent;
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!;

it('shows what happened, a way home and Try again, and logs the error', () => {
  failing = true;
  show(createElement(Screen));
  expect(heading()).toBe('Something went wrong');
  expect(document.title).toBe('Something went wrong | The Fell Walkers');
  expect(host.querySelector('a')?.getAttribute('href')).toBe('/');
  expect(button('Try again')).toBeDefined();
  expect(logged).toHaveBeenCalledWith(
    'A screen failed to render:',
    expect.objectContaining({ message: 'The screen broke' }),
    expect.any(String),
  );
});

it('renders the screen afresh on Try again', () => {
  failing = true;
  show(createElement(Screen));
  failing = false;
  act(() => button('Try again').click());
  expect(heading()).toBe('The screen');
});

it('forgets the failure once the reader goes to another address', () => {
  failing = true;
  show(createElement(Screen));
  expect(heading()).toBe('Something went wrong');
  failing = false;
  act(() => goTo('/blog/b'));
  expect(heading()).toBe('The screen');
});
