import { describe, expect, it } from 'vitest';
import { referrerSource } from './referrer-source.ts';

const own = ['blog.example.org', 'localhost:3000'];
const source = (referrer: string | undefined) => referrerSource(referrer, own);

describe('referrerSource: what the statistics keep of a referrer', () => {
  it('keeps only the host of another site, lower case and without www.', () => {
    expect(source('https://news.ycombinator.com/item?id=42&secret=token')).toBe('news.ycombinator.com');
    expect(source('https://WWW.Example.COM/path/to/page#part')).toBe('example.com');
    expect(source('http://www.reddit.com./r/writing/')).toBe('reddit.com');
    expect(source('https://mastodon.social:8443/@someone')).toBe('mastodon.social');
  });

  it('groups the search engines as `search`, Google and Yandex in every country', () => {
    for (const referrer of [
      'https://www.google.com/',
      'https://www.google.co.uk/search?q=inkwell',
      'https://google.de/',
      'https://www.bing.com/search?q=x',
      'https://cn.bing.com/',
      'https://duckduckgo.com/',
      'https://html.duckduckgo.com/html',
      'https://search.yahoo.com/search?p=x',
      'https://yandex.ru/search/?text=x',
      'https://www.baidu.com/s?wd=x',
      'https://www.ecosia.org/search?q=x',
      'https://www.qwant.com/?q=x',
      'https://www.startpage.com/',
      'https://search.brave.com/search?q=x',
      'https://kagi.com/search?q=x',
    ])
      expect([referrer, source(referrer)]).toEqual([referrer, 'search']);
    // Other sites of the same companies are sites like any other.
    expect(source('https://news.google.com/articles/x')).toBe('news.google.com');
    expect(source('https://mail.yahoo.com/')).toBe('mail.yahoo.com');
    expect(source('https://notbing.com/')).toBe('notbing.com');
  });

  it('answers `direct` for no referrer, one that is no web page, and our own pages', () => {
    for (const referrer of [
      undefined,
      '',
      'not a url',
      'android-app://com.google.android.gm/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://blog.example.org/blog/a-post',
      'https://www.blog.example.org/',
      'http://localhost:3000/',
      'http://localhost/',
    ])
      expect([referrer, source(referrer)]).toEqual([referrer, 'direct']);
  });
});
