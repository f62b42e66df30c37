import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SITE_IDENTITY,
  ErrorMessages,
  type SiteIdentity,
  type UpdateSiteIdentityBody,
} from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, uploadImage, type TestUser } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { fakeWebDist, metaContent as meta } from '../../test/web-dist.ts';

const ORIGIN = 'https://quill.example.org';

let inbox: SmtpInbox;
let t: TestApp;
let owner: TestUser;
let member: TestUser;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await buildTestApp({
    WEB_DIST: fakeWebDist(),
    PUBLIC_URL: ORIGIN,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'hello@quill.example.org',
  });
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
  member = await buildUser(t.app, { fullname: 'Mo Member' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const change = (body: UpdateSiteIdentityBody, user = owner) =>
  post(t.app, '/api/admin/site-identity', body, user.token);
const site = async () => (await t.app.inject({ method: 'GET', url: '/api/site' })).json<SiteIdentity>();
const get = async (url: string) => t.app.inject({ method: 'GET', url });
const page = async (url: string) => (await get(url)).body;
/** The identity block the web app starts from. */
const identityBlock = (html: string) =>
  JSON.parse(/<script type="application\/json" id="site-identity">(.*?)<\/script>/.exec(html)![1]!) as SiteIdentity;

describe('the site identity', () => {
  it('is the product’s own until an admin changes it', async () => {
    expect(await site()).toEqual(DEFAULT_SITE_IDENTITY);
  });

  it('is changed by admins only, each change in the moderation log', async () => {
    expect((await change({ name: 'Nope' }, member)).statusCode).toBe(403);
    expect((await post(t.app, '/api/admin/site-identity', { name: 'Nope' })).statusCode).toBe(401);
    expect((await site()).name).toBe(DEFAULT_SITE_IDENTITY.name);

    const res = await change({ description: 'Essays on tea and ink.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<SiteIdentity>()).toMatchObject({
      description: 'Essays on tea and ink.',
      name: DEFAULT_SITE_IDENTITY.name,
    });
    const log = await post(t.app, '/api/admin/log', { page: 1 }, owner.token);
    expect(JSON.stringify(log.json())).toContain('description: Read and write blogs. → Essays on tea and ink.');
  });

  it('refuses an accent that does not read on both themes, and images that are not uploads of the site', async () => {
    for (const accent of ['#ffff00', '#000000', '#ffffff']) {
      const res = await change({ accentColor: accent });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ErrorMessages.accent_unreadable, code: 'accent_unreadable' });
    }
    const outside = await change({ logo: 'https://images.example.com/logo.png' });
    expect(outside.json()).toMatchObject({ code: 'identity_image_invalid' });
    const missing = await change({
      icon: '/uploads/0000000000000000000000000000000000000000000000000000000000000000.png',
    });
    expect(missing.json()).toMatchObject({ code: 'identity_image_invalid' });
    expect((await change({ topics: ['tea', 'Tea'] })).statusCode).toBe(400);
    expect((await change({ navigation: [{ label: 'Bad', url: 'javascript:alert(1)' }] })).statusCode).toBe(400);
    expect(await site()).toMatchObject({ accentColor: null, logo: null, icon: null });
  });

  it('shows a new name, language, accent and logo on every page, feed, card and in NodeInfo at once', async () => {
    const blogId = await buildBlog(t.app, member, { title: 'Green tea' });
    // Read once under the old identity, so the read cache holds them.
    for (const url of ['/', `/blog/${blogId}`, '/feed.xml']) expect((await get(url)).statusCode).toBe(200);
    const cardBefore = (await get('/api/share-image.png')).rawPayload;

    const logo = await uploadImage(t.app, owner, await fixtureImage('png', 400, 200));
    const res = await change({
      name: 'Quill & Co',
      language: 'pt-BR',
      accentColor: '#2563EB',
      logo: logo.url,
      topics: ['tea', 'ink', 'paper'],
      navigation: [{ label: 'About', url: '/user/' + owner.username }],
      footer: 'Written in Lisbon.',
    });
    expect(res.statusCode).toBe(200);
    // Answered as the API answers every image: absolute on the site.
    expect(res.json<SiteIdentity>()).toMatchObject({ accentColor: '#2563eb', logo: logo.url });

    const home = await page('/');
    expect(home).toContain('<html lang="pt-BR"');
    expect(home).toContain('<title>Quill &amp; Co</title>');
    expect(meta(home, 'og:site_name')).toBe('Quill &amp; Co');
    expect(home).toContain('<style id="site-accent">:root{--color-accent:#2563eb;--color-on-accent:#ffffff}</style>');
    expect(identityBlock(home)).toMatchObject({
      name: 'Quill & Co',
      topics: ['tea', 'ink', 'paper'],
      logo: logo.url,
    });
    expect(home).toContain('title="Quill &amp; Co (Atom)"');

    const blog = await page(`/blog/${blogId}`);
    expect(blog).toContain('<title>Green tea | Quill &amp; Co</title>');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(blog)![1]!);
    expect(jsonLd.publisher).toMatchObject({ '@type': 'Organization', name: 'Quill & Co' });
    expect(jsonLd.publisher.logo.url).toMatch(new RegExp(`^${ORIGIN}/uploads/[0-9a-f]{64}-share\\.jpg$`));

    expect(await page('/feed.xml')).toContain('<title>Quill &amp; Co</title>');
    expect((await get('/feed.json')).json()).toMatchObject({ title: 'Quill & Co', language: 'pt-BR' });
    const nodeInfo = (await get('/nodeinfo/2.1')).json();
    expect(nodeInfo.metadata).toEqual({ nodeName: 'Quill & Co', nodeDescription: 'Essays on tea and ink.' });

    const card = await get(meta(home, 'og:image')!.replace(ORIGIN, ''));
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.rawPayload.equals(cardBefore)).toBe(false);
  });

  it('sends every mail in the site’s name, signed with it', async () => {
    await change({ name: 'Quill' });
    expect((await post(t.app, '/api/user/forgot-password', { email: member.email })).statusCode).toBe(200);
    const mail = await inbox.mailTo(member.email);
    expect(mail.subject).toBe('Reset your Quill password');
    expect(mail.headers.from).toBe('Quill <hello@quill.example.org>');
    expect(mail.text.trimEnd()).toMatch(new RegExp(`\\nQuill · ${ORIGIN}$`));
  });
});

describe('the site’s icons and web manifest', () => {
  const png = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    return sharp(res.rawPayload);
  };
  const iconHref = (html: string, rel: string, sizes?: string) =>
    new RegExp(`<link rel="${rel}"${sizes ? ` type="image/png" sizes="${sizes}"` : ''} href="([^"]+)">`).exec(
      html,
    )?.[1];

  it('are drawn at each size from the product’s mark until the site has an icon, then from its icon', async () => {
    const before = await page('/');
    expect(before).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    const small = iconHref(before, 'icon', '32x32')!;
    expect(await (await png(small)).metadata()).toMatchObject({ width: 32, height: 32, format: 'png' });

    const icon = await uploadImage(t.app, owner, await fixtureImage('png', 300, 300));
    expect((await change({ icon: icon.url })).statusCode).toBe(200);
    const after = await page('/');
    expect(after).not.toContain('favicon.svg');
    expect(iconHref(after, 'icon', '32x32')).not.toBe(small);
    for (const [rel, sizes, size] of [
      ['icon', '32x32', 32],
      ['icon', '16x16', 16],
      ['apple-touch-icon', undefined, 180],
    ] as const) {
      const image = await png(iconHref(after, rel, sizes)!);
      expect(await image.metadata()).toMatchObject({ width: size, height: size });
    }
  });

  it('make a manifest with the name, the language, the accent and a maskable icon on the accent', async () => {
    await change({ name: 'Quill', accentColor: '#2563eb' });
    const href = /<link rel="manifest" href="([^"]+)">/.exec(await page('/'))![1]!;
    const res = await get(href);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Quill',
      lang: 'pt-BR',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2563eb',
    });
    const maskable = manifest.icons.find((icon: { purpose: string }) => icon.purpose === 'maskable');
    const { data, info } = await (await png(maskable.src)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    // The corner is outside every mask's safe zone: it is the accent, opaque.
    expect([...data.subarray(0, 4)]).toEqual([0x25, 0x63, 0xeb, 255]);
    for (const size of ['192x192', '512x512'])
      expect(
        manifest.icons.some(
          (icon: { sizes: string; purpose: string }) => icon.sizes === size && icon.purpose === 'any',
        ),
      ).toBe(true);
  });

  it('refuses a name of an icon it does not draw', async () => {
    expect((await get('/icons/64.png')).statusCode).toBe(400);
  });
});
