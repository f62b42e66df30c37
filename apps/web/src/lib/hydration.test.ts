// @vitest-environment jsdom
import { createElement, useEffect, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { HydratingRoot, useHydrated } from './hydration.ts';

/*
 * Real React roots in jsdom, without act(): when the second pass runs is what these tests are about.
 * e2e/hydration.spec.ts shows the islands hydrating in Chromium.
 */

/** What each Like button rendered first: false while it matched the server's HTML. */
let firstPasses: boolean[];

function Like() {
  const hydrated = useHydrated();
  const [first] = useState(hydrated);
  useEffect(() => void firstPasses.push(first), [first]);
  return createElement('button', { disabled: !hydrated }, 'Like');
}

/** An island whose second Like mounts when asked, as a menu opened later does. */
function Island({ onEffects }: { onEffects?: () => void }) {
  const [more, setMore] = useState(false);
  useEffect(() => onEffects?.(), [onEffects]);
  return createElement(
    'div',
    null,
    createElement(Like),
    createElement('a', { onClick: () => setMore(true) }, 'More'),
    more && createElement(Like),
  );
}

const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 2000) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

let host: HTMLElement;
let root: Root | undefined;
let errors: ReturnType<typeof vi.spyOn>;
const buttons = () => [...host.querySelectorAll('button')];
beforeEach(() => {
  firstPasses = [];
  host = document.body.appendChild(document.createElement('div'));
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  root?.unmount();
  host.remove();
  errors.mockRestore();
});

it('hydrates an island as the server rendered it, and its second pass comes in a task of its own', async () => {
  host.innerHTML = renderToString(createElement(HydratingRoot, null, createElement(Island)));
  expect(buttons().map((button) => button.disabled)).toEqual([true]);

  // Read once the task that ran the hydration's effects is over: a second pass rendered at once
  // (useSyncExternalStore's, for a snapshot unlike the server's) would have enabled the button by then.
  let afterHydration: boolean | undefined;
  const onEffects = () => queueMicrotask(() => (afterHydration = buttons()[0]!.disabled));
  root = hydrateRoot(host, createElement(HydratingRoot, null, createElement(Island, { onEffects })));
  await until(() => afterHydration !== undefined);
  expect(afterHydration).toBe(true);

  await until(() => !buttons()[0]!.disabled);
  expect(firstPasses).toEqual([false]);
  expect(errors).not.toHaveBeenCalled();
});

it('renders what mounts in a hydrated island hydrated from its first pass', async () => {
  host.innerHTML = renderToString(createElement(HydratingRoot, null, createElement(Island)));
  root = hydrateRoot(host, createElement(HydratingRoot, null, createElement(Island)));
  await until(() => !buttons()[0]!.disabled);

  host.querySelector('a')!.click();
  await until(() => buttons().length === 2);
  expect(buttons().map((button) => button.disabled)).toEqual([false, false]);
  expect(firstPasses).toEqual([false, true]);
});

it('renders a root of the app, which hydrates nothing, hydrated from its first pass', async () => {
  root = createRoot(host);
  root.render(createElement(Island));
  await until(() => buttons().length === 1);
  expect(buttons()[0]!.disabled).toBe(false);
  await until(() => firstPasses.length === 1);
  expect(firstPasses).toEqual([true]);
});
