import './index.css';
import { BUILT_FILES_ID, type BuiltFiles } from './app/built-files.ts';
import type * as App from './app/start.tsx';
import { SERVER_STATE_ID } from './lib/server-state.ts';

// A page the server rendered is whole without script: it paints first, and only then does what
// it needs load. A reading page (it carries the data it was rendered with) runs its kind's bundle
// (src/reading), which hydrates only its islands, the parts the reader can touch (ADR 11); the app
// starts on the other pages (app/start.tsx): at once where the page is empty (the signed-in
// screens), after the first paint on a “Page not found” the server rendered. A reader on a slow
// phone gets the words and the banner without script competing for the connection, and the page's
// links work meanwhile.
if (document.getElementById('root')!.hasChildNodes())
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));

// The development server renders no page on a server, and builds no bundles: the app.
if (import.meta.env.DEV) (await import('./app/start.tsx')).startApp();
else {
  const files = JSON.parse(document.getElementById(BUILT_FILES_ID)!.textContent) as BuiltFiles;
  const preload = (file: string) =>
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: file }));
  // All at once, rather than each after the script that imports it: the site's React, which
  // outweighs the rest, then the page's bundle or the app's files.
  preload(files.react);
  const bundle = files.reading[document.getElementById(SERVER_STATE_ID)?.dataset.bundle ?? ''];
  if (bundle) await import(/* @vite-ignore */ bundle);
  else {
    const [app, ...imported] = files.app;
    imported.filter((file) => file.endsWith('.js')).forEach(preload);
    ((await import(/* @vite-ignore */ app!)) as typeof App).startApp();
  }
}
