import './index.css';

// A page the server rendered is whole without the app: it paints first, and only then does the
// app download and hydrate it. A reader on a slow phone gets the words and the banner without
// 120 KB of script competing for the connection, and the page's links work meanwhile. A page
// rendered here (the signed-in screens) starts at once.
if (document.getElementById('root')!.hasChildNodes())
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
await import('./app/start.tsx');
