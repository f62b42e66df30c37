import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import {
  CODE_LANGUAGES,
  Limits,
  type Blog,
  type Comment,
  type ContentBlock,
  type PublicConfig,
  type Session,
} from '@inkwell/contracts';
import { XSS_PAYLOADS } from '../apps/server/src/hostile/xss-payloads.ts';
import { bearer } from '../apps/server/src/test/factories.ts';
import { commentOn, openComments, publishedBlog } from './support/conversation.ts';
import {
  apiPost,
  createUser,
  expect,
  signIn,
  test as base,
  uniqueId,
  uploadImage,
  type TestUser,
} from './support/fixtures.ts';
import { inParallel, scrollAndAudit, StoreTally, watchForXss } from './support/xss-watch.ts';

interface Audit {
  /** What the server did with each value stored. */
  tally: StoreTally;
  /** Scrolls, audits and checks the page shows every one of `expected`. */
  inspect(page: Page, expected: string[], options?: { scroll?: boolean }): Promise<void>;
}

/**
 * Each test's audit: the watcher is on before the first page opens; after the test, nothing may
 * have run and the counts are reported.
 */
const test = base.extend<{ audit: Audit }>({
  audit: async ({ context }, use, testInfo) => {
    testInfo.setTimeout(HEAVY_TEST_MS);
    const watch = await watchForXss(context);
    const tally = new StoreTally();
    const pagesOpened: string[] = [];
    await use({
      tally,
      async inspect(page, expected, { scroll = true } = {}) {
        pagesOpened.push(new URL(page.url()).pathname);
        expect(await scrollAndAudit(page, { scroll }), `live markup on ${page.url()}`).toEqual([]);
        expect(await missingTexts(page, expected), `texts not shown on ${page.url()}`).toEqual([]);
      },
    });
    watch.check();
    const summary = `${tally.summary()}\npages opened: ${pagesOpened.length}`;
    testInfo.annotations.push({ type: 'stored XSS', description: summary });
    console.log(`${testInfo.title}\n${summary}`);
  },
});

/**
 * Stored XSS, end to end: the corpus goes through the real API into every text field a user
 * can set, and every page that shows the field is opened in a real browser, scrolled to the
 * bottom and looked through. A payload may be refused (400) or stored, cleaned or verbatim; a
 * stored one must render inert. The pages run with the Content-Security-Policy bypassed: the
 * policy would stop most payloads anyway, and this suite proves the rendering does without it.
 */
test.use({ bypassCSP: true });

/**
 * Each test stores hundreds of values and opens dozens of long pages. Run side by side they would
 * starve a 2-core CI machine, so the file keeps to one worker, one test after another, while the
 * other workers take the light specs.
 */
test.describe.configure({ mode: 'default' });
const HEAVY_TEST_MS = 300_000;

/**
 * Not a script payload: String.prototype.replace's `$\``, `$'` and `$&` patterns, which would
 * splice the page's own HTML into share tags the server writes from a title, a name or a bio.
 */
const REPLACEMENT_PATTERNS = "$` $' $& \"'><b>$$</b>";

/** Fields the server writes into the page's HTML (share tags) get the replacement patterns too. */
const SERVER_WRITTEN = [...XSS_PAYLOADS, REPLACEMENT_PATTERNS];

/** Tabs opened side by side for a page per blog or per profile. */
const TABS = 3;

/** How long a page may take to show its content: these pages are long, and CI machines busy. */
const LOADED = { timeout: 30_000 };

const stored = (text: string) => text.trim();

/** POSTs as `user` and answers the raw response, for the tally to judge. */
const send = (request: APIRequestContext, url: string, data: unknown, user?: TestUser) =>
  request.post(url, { data: data as object, headers: user ? bearer(user.token) : {} });

/**
 * Clicks `button` until `done` holds, waiting each time for `items` to grow. A list still loading
 * (a tab just opened) shows the button disabled and may need no more once it has loaded, so the
 * button is clicked only when it is there and enabled.
 */
async function loadUntil(button: Locator, items: Locator, done: () => Promise<boolean>) {
  const offered = async () =>
    (await button.isVisible()) && (await button.isEnabled({ timeout: 1000 }).catch(() => false));
  while (!(await done())) {
    await expect.poll(async () => (await done()) || (await offered())).toBe(true);
    if (await done()) return;
    const before = await items.count();
    await button.click();
    await expect.poll(() => items.count()).toBeGreaterThan(before);
  }
}

/** Whether `scope` links to every one of `hrefs`. */
const linksToAll = (scope: Locator, hrefs: string[]) =>
  scope.evaluate((root, all) => all.every((href) => root.querySelector(`a[href="${CSS.escape(href)}"]`)), hrefs);

/** The texts of `expected` the page does not show (its text content, hidden parts included, and its fields' values). */
const missingTexts = (page: Page, expected: string[]) =>
  page.evaluate((all) => {
    const fields = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
      (field) => field.value,
    );
    const text = [document.body.textContent ?? '', ...fields].join('\n');
    return all.filter((one) => !text.includes(one));
  }, expected);

/** Opens `paths` as a visitor, in a few tabs side by side; `check` runs on each once it has loaded. */
async function openEach(context: BrowserContext, paths: string[], check: (page: Page, index: number) => Promise<void>) {
  const tabs = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
  const free = [...tabs];
  await inParallel(paths, TABS, async (path, index) => {
    const tab = free.pop()!;
    try {
      await tab.goto(path);
      await check(tab, index);
    } finally {
      free.push(tab);
    }
  });
  await Promise.all(tabs.map((tab) => tab.close()));
}

/** The share tags the server wrote into the page's HTML, read back as the browser parsed them. */
const shareTags = (page: Page) =>
  page.evaluate(() => ({
    title: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    description: document.querySelector('meta[property="og:description"]')?.getAttribute('content'),
    roots: document.querySelectorAll('#root').length,
    heads: document.querySelectorAll('head > title').length,
  }));

/**
 * The payloads joined with spaces into as few texts of at most `max` characters as hold them (one
 * alone when it is longer). Only for fields shown as plain text, where joining changes nothing of
 * how each is parsed (nothing there parses it); the HTML-cleaned fields get one payload a value.
 */
function pack(texts: string[], max: number) {
  const packs: { text: string; payloads: number }[] = [];
  for (const text of texts.map(stored)) {
    const last = packs.at(-1);
    if (last && last.text.length + 1 + text.length <= max) {
      last.text += ` ${text}`;
      last.payloads++;
    } else {
      packs.push({ text, payloads: 1 });
    }
  }
  return packs;
}

test('titles, descriptions and tags: home, search, each blog page and Manage Blogs show them inert', async ({
  page,
  context,
  request,
  audit,
}) => {
  const { tally, inspect } = audit;
  const author = await createUser(request, 'Hostile Titles');
  const banner = await uploadImage(request, author);
  const word = `xsstitles${uniqueId()}`;
  const content = [{ blocks: [{ type: 'paragraph', data: { text: `About ${word}` } }] }];
  const create = (blog: object) => send(request, '/api/blog/create-blog', { banner, content, ...blog }, author);

  // A card shows a blog's first tag only: a blog for each payload short enough to be a tag (the
  // longer ones are refused), with the payloads packed into its title and description.
  const texts = pack(SERVER_WRITTEN, Limits.titleMax);
  const [tagsThatFit, tooLong] = [
    XSS_PAYLOADS.filter((text) => stored(text).length <= Limits.tagMax),
    XSS_PAYLOADS.filter((text) => stored(text).length > Limits.tagMax),
  ];
  await inParallel(tooLong, 4, async (text) =>
    tally.record('tag', await create({ title: word, draft: true, tags: [text] })),
  );
  const blogs = await inParallel(
    Array.from({ length: Math.max(texts.length, tagsThatFit.length) }),
    4,
    async (_, i) => {
      const { text, payloads } = texts[i % texts.length]!;
      const tag = tagsThatFit[i];
      const response = await create({ title: text, des: text, tags: tag ? [tag, word] : [word], draft: false });
      const accepted = await tally.record('tag', response, tag ? 1 : 0);
      // Titles and descriptions repeat after the first round: counted once.
      if (i < texts.length) for (const field of ['title', 'description']) tally.count(field, accepted, payloads);
      return accepted
        ? { text, id: ((await response.json()) as { id: string }).id, firstTag: tag ? stored(tag).toLowerCase() : word }
        : null;
    },
  );
  const drafts = await inParallel(texts, 4, async ({ text, payloads }) => {
    const response = await create({ title: text, draft: true });
    return (await tally.record('title (draft)', response, payloads))
      ? { text, id: ((await response.json()) as { id: string }).id }
      : null;
  });
  const shown = blogs.filter((blog) => blog !== null);
  const hrefs = shown.map(({ id }) => `/blog/${id}`);
  const cardTexts = [...new Set(shown.map(({ text }) => text))];

  // Home: the latest blogs, a page at a time, until every one of them is there.
  await signIn(page, author);
  await page.goto('/');
  const list = page.getByRole('tabpanel');
  const cards = list.getByRole('article');
  await loadUntil(page.getByRole('button', { name: 'Load More' }), cards, () => linksToAll(list, hrefs));
  await inspect(page, [...cardTexts, ...shown.map(({ firstTag }) => firstTag)]);

  // Search: every blog is tagged with the word.
  await page.goto(`/search/${word}`);
  await loadUntil(page.getByRole('button', { name: 'Load More' }), cards, () => linksToAll(list, hrefs));
  await inspect(page, cardTexts);

  // A blog page for each title, where the server also wrote title and description into share tags.
  const pages = shown.slice(0, texts.length);
  await openEach(
    context,
    pages.map(({ id }) => `/blog/${id}`),
    async (tab, index) => {
      const { text } = pages[index]!;
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(text, LOADED);
      await inspect(tab, [text]);
      expect(await shareTags(tab)).toEqual({ title: text, description: text, roots: 1, heads: 1 });
    },
  );

  // Manage Blogs: published, then drafts.
  await page.goto('/dashboard/blogs');
  const rows = page.getByRole('tabpanel').getByRole('listitem');
  const loadMore = page.getByRole('button', { name: 'Load More' });
  await loadUntil(loadMore, rows, async () => (await rows.count()) >= shown.length);
  await inspect(page, cardTexts);
  await page.getByRole('tab', { name: 'Drafts' }).click();
  const storedDrafts = drafts.filter((draft) => draft !== null);
  // A draft's row links to the editor; the published rows had the same titles, so wait for these links.
  await loadUntil(loadMore, rows, () =>
    linksToAll(
      page.getByRole('tabpanel'),
      storedDrafts.map(({ id }) => `/editor/${id}`),
    ),
  );
  await inspect(
    page,
    storedDrafts.map(({ text }) => text),
  );
});

const LANGUAGES = Object.keys(CODE_LANGUAGES);

/** A block with the fields of it that hold a payload, for the tally. */
interface Candidate {
  fields: string[];
  block: ContentBlock;
}

test('every block type: the blog page and the editor reopening the draft show them inert', async ({
  page,
  request,
  audit,
}) => {
  const { tally, inspect } = audit;
  const author = await createUser(request, 'Hostile Blocks');
  const upload = await uploadImage(request, author);
  const word = `xssblocks${uniqueId()}`;
  // Payloads inside addresses the server accepts: our own picture, a page elsewhere, a YouTube player.
  const imageAt = (text: string) => `${upload}?${text}`;
  const linkTo = (text: string) => `https://link.example/?${text}`;
  const player = (text: string) => `https://www.youtube.com/embed/${text}`;
  const watchPage = (text: string) => `https://www.youtube.com/watch?v=${text}`;

  // Blocks the server may refuse as a whole (a heading without text, an address that is not one)
  // are tried one at a time; the ones it takes go into the blog with the rest.
  const probes: Candidate[] = XSS_PAYLOADS.flatMap((text, i) => [
    { fields: ['header text'], block: { type: 'header', data: { text, level: (i % 6) + 1 } } },
    {
      fields: ['image file.url'],
      block: {
        type: 'image',
        data: { file: { url: text }, caption: '', withBorder: false, stretched: false, withBackground: false },
      },
    },
    { fields: ['link'], block: { type: 'link', data: { link: text, meta: {} } } },
    {
      fields: ['embed service'],
      block: { type: 'embed', data: { service: text, source: watchPage('x'), embed: player('x'), caption: '' } },
    },
    {
      fields: ['embed embed'],
      block: { type: 'embed', data: { service: 'youtube', source: watchPage('x'), embed: text, caption: '' } },
    },
    {
      fields: ['embed source'],
      block: { type: 'embed', data: { service: 'youtube', source: text, embed: player('x'), caption: '' } },
    },
  ]);
  const taken = (
    await inParallel(probes, 6, async (probe) => {
      const body = { title: `Probe ${word}`, draft: true, content: [{ blocks: [probe.block] }] };
      // Counted here when refused, and with the blog below when stored.
      const accepted = await tally.judge(probe.fields[0]!, await send(request, '/api/blog/create-blog', body, author));
      if (!accepted) tally.count(probe.fields[0]!, false);
      return accepted ? probe : null;
    })
  ).filter((probe): probe is Candidate => probe !== null);

  const candidates: Candidate[] = [
    ...XSS_PAYLOADS.flatMap((text, i): Candidate[] => [
      { fields: ['paragraph text'], block: { type: 'paragraph', data: { text } } },
      {
        fields: ['quote text', 'quote caption'],
        block: { type: 'quote', data: { text, caption: text, alignment: i % 2 ? 'center' : 'left' } },
      },
      {
        fields: ['image caption', 'image file.url (in an address)'],
        block: {
          type: 'image',
          data: {
            file: { url: imageAt(text) },
            caption: text,
            withBorder: i % 2 === 0,
            stretched: false,
            withBackground: i % 3 === 0,
          },
        },
      },
      {
        fields: ['link (in an address)', 'link meta title', 'link meta description', 'link meta image (in an address)'],
        block: {
          type: 'link',
          data: { link: linkTo(text), meta: { title: text, description: text, image: { url: imageAt(text) } } },
        },
      },
      {
        fields: ['link meta image'],
        block: { type: 'link', data: { link: linkTo('x'), meta: { image: { url: text } } } },
      },
      // Code in each language in turn: the server highlights it, the page shows it as text.
      { fields: ['code'], block: { type: 'code', data: { code: text, language: LANGUAGES[i % LANGUAGES.length]! } } },
      {
        fields: ['image alt'],
        block: {
          type: 'image',
          data: {
            file: { url: upload },
            caption: '',
            alt: text.slice(0, 1000),
            withBorder: false,
            stretched: false,
            withBackground: false,
          },
        },
      },
      {
        fields: ['embed embed (in an address)', 'embed source (in an address)', 'embed caption'],
        block: {
          type: 'embed',
          data: {
            service: 'youtube',
            source: watchPage(text),
            embed: player(text),
            width: 580,
            height: 320,
            caption: text,
          },
        },
      },
    ]),
    {
      fields: XSS_PAYLOADS.map(() => 'list item (unordered, plain)'),
      block: { type: 'list', data: { style: 'unordered', items: XSS_PAYLOADS } },
    },
    {
      fields: XSS_PAYLOADS.flatMap(() => ['list item (ordered)', 'list item (nested)']),
      block: {
        type: 'list',
        data: {
          style: 'ordered',
          items: XSS_PAYLOADS.map((text) => ({ content: text, items: [{ content: text, items: [] }] })),
        },
      },
    },
    {
      fields: [
        ...XSS_PAYLOADS.slice(0, 20).map(() => 'table heading cell'),
        ...XSS_PAYLOADS.flatMap(() => ['table cell', 'table cell']),
      ],
      block: {
        type: 'table',
        data: { withHeadings: true, content: [XSS_PAYLOADS.slice(0, 20), ...XSS_PAYLOADS.map((text) => [text, text])] },
      },
    },
    ...taken,
    { fields: [], block: { type: 'paragraph', data: { text: `The end of ${word}` } } },
  ];

  // The blog as a draft and published, each with its title, description and tags full of payloads.
  const fitsTag = XSS_PAYLOADS.filter((text) => stored(text).length <= Limits.tagMax);
  const title = `${XSS_PAYLOADS[0]} ${word}`;
  const des = XSS_PAYLOADS[8]!;
  const tags = fitsTag.slice(0, Limits.maxTags);
  const create = async (blocks: Candidate[], draft: boolean) =>
    send(
      request,
      '/api/blog/create-blog',
      { title, banner: upload, des, tags, draft, content: [{ blocks: blocks.map(({ block }) => block) }] },
      author,
    );
  // A block refused here too is left out and counted (the server names it: "Block N: ...").
  let kept = candidates;
  let response = await create(kept, true);
  while (response.status() === 400) {
    const { error } = (await response.json()) as { error: string };
    const refused = Number(/^Block (\d+):/.exec(error)?.[1]);
    expect(refused, error).toBeGreaterThan(0);
    for (const field of kept[refused - 1]!.fields) tally.count(field, false);
    kept = kept.filter((_, i) => i !== refused - 1);
    response = await create(kept, true);
  }
  expect(response.status(), await response.text()).toBe(200);
  for (const { fields } of kept) for (const field of fields) tally.count(field, true);
  const draftId = ((await response.json()) as { id: string }).id;
  const publishedResponse = await create(kept, false);
  expect(publishedResponse.status(), await publishedResponse.text()).toBe(200);
  const blogId = ((await publishedResponse.json()) as { id: string }).id;
  const blog = (await apiPost<{ blog: Blog }>(request, '/api/blog/get-blog', { blog_id: blogId })).blog;
  const blocks = blog.content[0]!.blocks;
  // Plain text the page shows as such: link titles and descriptions, and code.
  const plainTexts = blocks.flatMap((block) => {
    if (block.type === 'code') return [block.data.code];
    return block.type === 'link'
      ? [block.data.meta.title, block.data.meta.description].filter((t): t is string => !!t)
      : [];
  });

  await page.goto(`/blog/${blogId}`);
  await expect(page.getByText(`The end of ${word}`)).toBeVisible(LOADED);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(stored(title));
  await inspect(page, plainTexts);

  // The editor renders the stored blocks through Editor.js, then the publish settings show the card.
  await signIn(page, author);
  await page.goto(`/editor/${draftId}`);
  await expect(page.locator('.ce-paragraph').filter({ hasText: `The end of ${word}` })).toBeVisible(LOADED);
  await expect(page.locator('.ce-block')).toHaveCount(blocks.length);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue(stored(title));
  await inspect(page, plainTexts);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  await expect(settings.getByTestId('preview-title')).toHaveText(stored(title));
  await inspect(page, [stored(des), ...tags.map((tag) => stored(tag).toLowerCase())], { scroll: false });
});

/** Signs in (up, the first time) through the stand-in Google IdP the e2e stack runs, as a browser would. */
async function googleUser(
  request: APIRequestContext,
  google: { origin: string; clientId: string },
  email: string,
  name: string,
) {
  const token = await request.post(`${google.origin}/token`, { form: { email, name, client_id: google.clientId } });
  expect(token.status(), await token.text()).toBe(200);
  const { credential } = (await token.json()) as { credential: string };
  return send(request, '/api/user/google-auth', { access_token: credential });
}

test('names, comments, replies, usernames, bios and social links: comments, notifications, search and profiles show them inert', async ({
  page,
  context,
  request,
  audit,
}) => {
  const { tally, inspect } = audit;
  const run = uniqueId();
  const author = await createUser(request, 'Hostile Host');
  const blog = await publishedBlog(request, author, { title: `Open thread ${run}` });
  const thread = await commentOn(request, author, blog, 'Reply below.');
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  expect(config.googleScriptUrl, 'the e2e stack runs a Google IdP stand-in').toBeTruthy();
  const google = { origin: new URL(config.googleScriptUrl!).origin, clientId: config.googleClientId! };
  const networks = ['instagram', 'facebook', 'twitter', 'website', 'linkedin', 'github'] as const;

  // A profile shows one bio: the payloads packed into as few as hold them, each the full name
  // and bio of an account signed up for it (its username comes from the e-mail, for the search).
  const texts = pack(SERVER_WRITTEN, Limits.bioMax);
  const writers = await inParallel(texts, 4, async ({ text, payloads }, i) => {
    const response = await send(request, '/api/user/signup', {
      fullname: text,
      email: `x${run}s${i}@example.com`,
      password: 'Secret123',
    });
    if (!(await tally.record('fullname (sign-up)', response, payloads))) return null;
    const session = (await response.json()) as Session;
    const user: TestUser = {
      session,
      token: session.access_token,
      username: session.username,
      fullname: text,
      email: '',
      password: '',
    };
    const profile = (fields: object) =>
      send(request, '/api/user/update-profile', { username: user.username, ...fields }, user);
    const bio = (await tally.record('bio', await profile({ bio: text }), payloads)) ? text : '';
    // Each network's own address with the payloads in its path.
    const links = Object.fromEntries(
      networks.map((network) => [
        network,
        `https://${network === 'website' ? 'site.example' : `${network}.com`}/${text}`,
      ]),
    );
    const kept = await profile({ bio, social_links: links });
    for (const network of networks) await tally.record(`social link ${network} (in an address)`, kept, payloads);
    return { user, text, bio, links: kept.ok() ? networks.length : 0 };
  });
  const accounts = writers.filter((one) => one !== null);
  expect(accounts.length, 'accounts signed up').toBeGreaterThan(0);

  // One payload a request: as a comment, a username, each social link and a profile picture.
  const comments = await inParallel(SERVER_WRITTEN, 4, async (text, i) => {
    const { user } = accounts[i % accounts.length]!;
    const comment = await send(request, '/api/comment/add-comment', { _id: blog._id, comment: text }, user);
    const accepted = await tally.record('comment', comment);
    await tally.record('username', await send(request, '/api/user/update-profile', { username: text }, user));
    await tally.record('profile image', await send(request, '/api/user/update-profile-img', { url: text }, user));
    // A refused update changes nothing: each account keeps the bio and links it was given above.
    for (const network of networks) {
      await tally.record(
        `social link ${network}`,
        await send(
          request,
          '/api/user/update-profile',
          { username: user.username, social_links: { [network]: text } },
          user,
        ),
      );
    }
    return accepted ? ((await comment.json()) as Comment).comment : null;
  });

  // Google: the name the IdP hands over, packed the same way; each payload then replies under the thread.
  const repliers = await inParallel(texts, 4, async ({ text, payloads }, i) => {
    const response = await googleUser(request, google, `x${run}g${i}@gmail.com`, text);
    if (!(await tally.record('fullname (Google)', response, payloads))) return null;
    const session = (await response.json()) as Session;
    return {
      session,
      token: session.access_token,
      username: session.username,
      fullname: text,
      email: '',
      password: '',
    } satisfies TestUser;
  });
  const googleAccounts = repliers.filter((one) => one !== null);
  expect(googleAccounts.length, 'Google accounts signed up').toBeGreaterThan(0);
  const replies = await inParallel(SERVER_WRITTEN, 4, async (text, i) => {
    const response = await send(
      request,
      '/api/comment/add-comment',
      { _id: blog._id, comment: text, replying_to: thread._id },
      googleAccounts[i % googleAccounts.length],
    );
    return (await tally.record('reply', response)) ? ((await response.json()) as Comment).comment : null;
  });
  const commentTexts = comments.filter((text) => text !== null);
  const replyTexts = replies.filter((text) => text !== null);
  const names = [...accounts.map(({ text }) => text), ...googleAccounts.map(({ fullname }) => fullname)];

  // The comments panel: every comment, then every reply under the thread.
  const panel = await openComments(page, blog);
  const topLevel = panel.locator('li[data-level="0"]');
  await loadUntil(
    panel.getByRole('button', { name: 'Load More' }),
    topLevel,
    async () => (await topLevel.count()) > commentTexts.length,
  );
  const threadCard = panel.getByRole('listitem', { name: 'Comment by Hostile Host' });
  await threadCard.getByRole('button', { name: `Show ${replyTexts.length} replies` }).click();
  const replyCards = threadCard.locator('li[data-level="1"]');
  await loadUntil(
    threadCard.getByRole('button', { name: 'Load more replies' }),
    replyCards,
    async () => (await replyCards.count()) >= replyTexts.length,
  );
  await inspect(page, [...names, ...commentTexts, ...replyTexts]);

  // The host's notifications: each comment and each reply, with who wrote it.
  await signIn(page, author);
  await page.goto('/dashboard/notification');
  const entries = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await loadUntil(
    page.getByRole('button', { name: 'Load More' }),
    entries,
    async () => (await entries.count()) >= commentTexts.length + replyTexts.length,
  );
  await inspect(page, [...names, ...commentTexts, ...replyTexts]);

  // Search: each kind of account by its username prefix.
  const matched = page.getByRole('complementary', { name: 'Accounts Matched' });
  for (const [kind, group] of [
    ['s', accounts.map(({ user }) => user)],
    ['g', googleAccounts],
  ] as const) {
    await page.goto(`/search/x${run}${kind}`);
    await expect(matched.getByRole('link', { name: new RegExp(`@${group[0]!.username}$`) })).toBeVisible();
    await inspect(
      page,
      group.map(({ fullname }) => fullname),
    );
  }

  // Each profile: name, bio and links, and the share tags the server wrote from them.
  await openEach(
    context,
    accounts.map(({ user }) => `/user/${user.username}`),
    async (tab, index) => {
      const { user, text, bio, links } = accounts[index]!;
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`@${user.username}`, LOADED);
      await expect(tab.getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(links);
      await inspect(tab, [text, bio]);
      expect(await shareTags(tab)).toEqual({
        title: `${text} (@${user.username})`,
        description: bio || `Blogs by ${text} on Inkwell.`,
        roots: 1,
        heads: 1,
      });
    },
  );
});
