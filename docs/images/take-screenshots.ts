/**
 * The README's screenshots, made again: seeds a running Inkwell on a fresh data folder through its
 * API (three authors, six blogs with banners drawn here, a few likes and a comment), then
 * photographs the home page at 1280×800 and a blog page at 390 px in Debian's Chromium, and writes
 * them as palette PNGs beside this file.
 *
 *   PORT=3100 DATA_DIR=$(mktemp -d) npm start     # in another terminal, then:
 *   npx node docs/images/take-screenshots.ts        # Node 24 from node_modules; or … http://host:port
 *
 * CHROMIUM_PATH (default /usr/bin/chromium)
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const origin = process.argv[2] ?? 'http://localhost:3100';

async function call<T>(apiPath: string, body: unknown, token?: string): Promise<T> {
  const form = body instanceof FormData;
  const response = await fetch(origin + apiPath, {
    method: 'POST',
    headers: {
      ...(!form && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: form ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A banner: a sky, a sun and three ranges of hills in one palette (sky top, sky bottom, sun, hills far to near). */
function landscape([top, bottom, sun, ...hills]: string[], seed: number): string {
  const ridge = (level: number, i: number) => {
    const points = Array.from({ length: 33 }, (_, k) => {
      const x = k * 50;
      const y = level + 40 * Math.sin(k * 0.45 + seed + i) + 25 * Math.sin(k * 1.1 + seed * 2 - i);
      return `${x},${Math.round(y)}`;
    });
    return `<polygon points="0,900 ${points.join(' ')} 1600,900" fill="${hills[i]}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#sky)"/>
    <circle cx="${400 + ((seed * 377) % 800)}" cy="330" r="110" fill="${sun}"/>
    ${[520, 640, 760].map((level, i) => ridge(level, i)).join('')}</svg>`;
}

async function upload(token: string, svg: string): Promise<string> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'banner.jpg');
  return (await call<{ file: { url: string } }>('/api/upload/image', form, token)).file.url;
}

const PALETTES = [
  ['#f6b26b', '#fde2c4', '#fff4e0', '#c27c5a', '#8e5443', '#5b3530'],
  ['#7fb3d5', '#d6eaf8', '#fefefe', '#5d8aa8', '#3e6b8a', '#234a63'],
  ['#c39bd3', '#f5e1f0', '#fff7d6', '#9b6fa8', '#6c4a7d', '#402c52'],
  ['#82c99a', '#e3f4e1', '#fffbe6', '#5e9e6e', '#3f7a52', '#24543a'],
  ['#f1948a', '#fadbd8', '#fff5e6', '#c0665e', '#8c4444', '#5a2c33'],
  ['#85c1e9', '#fdebd0', '#fff', '#7d9fb5', '#51738c', '#2f4a5e'],
];

const AUTHORS = [
  { fullname: 'Ana Pereira', email: 'ana@example.org' },
  { fullname: 'Tomás Okafor', email: 'tomas@example.org' },
  { fullname: 'Mei Lin', email: 'mei@example.org' },
];

/** [author, title, description, tags, paragraphs] */
const BLOGS: [number, string, string, string[], string[]][] = [
  [
    0,
    'Six days on the Alentejo coast with one lens',
    'What a single 35 mm lens taught me about looking, from Porto Covo to Odeceixe.',
    ['travel', 'photography'],
    [
      'I left the zoom at home on purpose. With one focal length there is nothing to fiddle with: you walk closer, or you walk away.',
      'By the third day I had stopped taking pictures of views and started taking pictures of people in them.',
    ],
  ],
  [
    1,
    'Reading a PostgreSQL query plan without fear',
    'EXPLAIN ANALYZE line by line: where the time goes, and the three numbers worth your attention first.',
    ['programming', 'tech'],
    [
      'A query plan is a tree read from the inside out. Start at the most indented line and ask one question of each node: how many rows did you expect, and how many came?',
      'When those two numbers differ by a factor of a hundred, the planner was guessing, and the rest of the plan was built on that guess.',
    ],
  ],
  [
    2,
    'A weeknight dal that tastes like Sunday',
    'Red lentils, a proper tadka and twenty-five minutes: the recipe I make when I have no time at all.',
    ['cooking'],
    [
      'The secret is not in the pot but in the small pan: cumin seeds, garlic and dried chilli in hot ghee, poured over the lentils at the very end.',
      'Make double. It is better the next day, and the day after that it becomes soup.',
    ],
  ],
  [
    0,
    'Why I still carry a paper notebook when I travel',
    'Phones remember everything and tell you nothing. A notebook is the other way round.',
    ['travel', 'writing'],
    [
      'A notebook has no battery and no feed. It asks you what you noticed, and waits.',
      'Ten years of them sit on one shelf now, and they are the only photographs I really look at.',
    ],
  ],
  [
    1,
    'Small pull requests, calmer teams',
    'Four hundred lines is a conversation; four thousand is a negotiation. Notes from two years of keeping changes small.',
    ['programming'],
    [
      'A small change can be read in one sitting, so it is read, not skimmed. Reviews come back in hours rather than days.',
      'The trick is to land the boring parts first: the rename, the new table, the function nobody calls yet.',
    ],
  ],
  [
    2,
    'Learning to cook without a recipe',
    'Salt, fat, acid and heat, and the courage to taste as you go.',
    ['cooking', 'finance'],
    [
      'Recipes are maps of somebody else’s kitchen. Once you can taste what a dish lacks, you can cook in your own.',
      'It also turned out to be the cheapest habit I ever picked up: a fridge of odds and ends is dinner, not waste.',
    ],
  ],
];

const authors = [];
for (const author of AUTHORS)
  authors.push(await call<{ access_token: string }>('/api/user/signup', { ...author, password: 'Passw0rd' }));
const ids: string[] = [];
for (const [i, [by, title, des, tags, paragraphs]] of BLOGS.entries()) {
  const token = authors[by]!.access_token;
  const banner = await upload(token, landscape(PALETTES[i]!, i + 1));
  const content = [{ blocks: paragraphs.map((text) => ({ type: 'paragraph', data: { text } })) }];
  ids.push((await call<{ id: string }>('/api/blog/create-blog', { title, banner, des, tags, content }, token)).id);
}
// Likes and a conversation, so the cards and the blog page show a little life.
for (const [i, blogId] of ids.entries()) {
  const { blog } = await call<{ blog: { _id: string } }>('/api/blog/get-blog', { blog_id: blogId });
  for (const reader of authors.filter((_, a) => a !== BLOGS[i]![0]).slice(0, 1 + (i % 2)))
    await call('/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader.access_token);
  if (i === 1)
    await call(
      '/api/comment/add-comment',
      { _id: blog._id, comment: 'The row-estimate tip saved my afternoon.' },
      authors[2]!.access_token,
    );
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const shots: [string, string, { width: number; height: number }][] = [
  ['home.png', '/', { width: 1280, height: 800 }],
  ['blog-phone.png', `/blog/${ids[1]}`, { width: 390, height: 844 }],
];
for (const [file, page, viewport] of shots) {
  const tab = await browser.newPage({ viewport, colorScheme: 'light' });
  await tab.goto(origin + page, { waitUntil: 'networkidle' });
  const png = await tab.screenshot();
  await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(path.join(import.meta.dirname, file));
  await tab.close();
}
await browser.close();
