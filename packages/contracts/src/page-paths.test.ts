import { expect, it } from 'vitest';
import {
  blogPath,
  confirmSubscriptionPath,
  editorPath,
  feedPath,
  previewPath,
  profilePath,
  resetPasswordPath,
  searchPath,
  topicPath,
  unsubscribePath,
} from './page-paths.ts';

it('writes each page address as the server routes and the web router read it', () => {
  expect(blogPath('walking-notes-ab12cd')).toBe('/blog/walking-notes-ab12cd');
  expect(profilePath('ada.l_1')).toBe('/user/ada.l_1');
  expect(searchPath('tea & cake')).toBe('/search/tea%20%26%20cake');
  expect(topicPath('tea & cake')).toBe('/?tag=tea+%26+cake');
  expect(topicPath(null)).toBe('/');
  expect(editorPath('walking-notes-ab12cd')).toBe('/editor/walking-notes-ab12cd');
  expect(previewPath('t0k-en_')).toBe('/preview/t0k-en_');
  expect(resetPasswordPath('t0k')).toBe('/reset-password/t0k');
  expect(confirmSubscriptionPath('t0k')).toBe('/subscribe/confirm/t0k');
  expect(unsubscribePath('t0k')).toBe('/unsubscribe/t0k');
});

it('puts each feed under its subject, in three formats', () => {
  expect(feedPath({ kind: 'site' }, 'atom')).toBe('/feed.xml');
  expect(feedPath({ kind: 'author', username: 'ada' }, 'json')).toBe('/user/ada/feed.json');
  expect(feedPath({ kind: 'tag', tag: 'tea & cake' }, 'rss')).toBe('/tag/tea%20%26%20cake/rss.xml');
});
