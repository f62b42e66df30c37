import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { writeSiteSettings } from '../site/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('reports health only when the database answers', async () => {
    const ok = await t.app.inject('/api/health');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok' });
  });

  it('tells the web app whether Google sign-in is configured, who may join and whether a proof of work is asked', async () => {
    const config = async () => (await t.app.inject('/api/config')).json();
    expect(await config()).toEqual({ googleClientId: null, registration: 'open', proofOfWork: false });
    await writeSiteSettings(t.app.db, { proofOfWork: true });
    expect(await config()).toMatchObject({ proofOfWork: true });
    // The spam-wave switch turns every defence on, whatever each one's own setting.
    await writeSiteSettings(t.app.db, { proofOfWork: false, spamWave: true });
    expect(await config()).toMatchObject({ proofOfWork: true });
    await writeSiteSettings(t.app.db, { spamWave: false });
    expect(await config()).toMatchObject({ proofOfWork: false });
  });

  it('answers unknown API paths and wrong methods with JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/health'],
      ['POST', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it('refuses malformed, deep and oversized JSON with a clear error', async () => {
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload });
    expect((await post('{"a":')).json()).toEqual({ error: 'The request body is not valid JSON', code: 'invalid_json' });
    const deep = await post('['.repeat(10_000) + ']'.repeat(10_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: 'The request body is nested too deeply', code: 'body_too_deep' });
    const big = await post(JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request body is too large', code: 'body_too_large' });
  });

  it('sends the security headers and no X-Powered-By', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
