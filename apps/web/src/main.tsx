import './index.css';
import { ISLAND_LOADERS } from './app/island-loaders.ts';
import { ISLAND_NAME } from './lib/island-marks.ts';
import { SERVER_STATE_ID } from './lib/server-state.ts';

// A page the server rendered is whole without script: it paints first, and only then does what
// it needs load. A reading page (it carries the data it was rendered with) hydrates only its
// islands, the parts the reader can touch (app/islands.tsx), each island's module fetched beside
// React; the app itself starts on the other pages (app/start.tsx): at once where the page is
// empty (the signed-in screens), after the first paint on a “Page not found” the server rendered.
// A reader on a slow phone gets the words and the banner without script competing for the
// connection, and the page's links work meanwhile.
if (document.getElementById('root')!.hasChildNodes())
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
if (document.getElementById(SERVER_STATE_ID)) {
  for (const element of document.querySelectorAll(`[${ISLAND_NAME}]`)) {
    const island = ISLAND_LOADERS[element.getAttribute(ISLAND_NAME)!];
    if (island && !island.inView) void island.load();
  }
  (await import('./app/islands.tsx')).startIslands();
} else (await import('./app/start.tsx')).startApp();
