import { describe, expect, it } from 'vitest';
import { API_GROUPS, API_PATHS, apiCallOf } from './api-paths.ts';

describe('apiCallOf', () => {
  it("finds a path's own entry", () => {
    expect(apiCallOf('/api/blog/like-blog')).toBe(API_PATHS['/api/blog/like-blog']);
    expect(apiCallOf('/notifications')).toBe(API_PATHS['/notifications']);
  });

  it('finds the entry whose `:name` parts a path fills in, and only a whole part', () => {
    expect(apiCallOf('/unsubscribe/a-token')).toBe(API_PATHS['/unsubscribe/:token']);
    expect(apiCallOf('/subscribe/confirm/a-token')).toBe(API_PATHS['/subscribe/confirm/:token']);
    expect(apiCallOf('/unsubscribe/')).toBeUndefined();
    expect(apiCallOf('/unsubscribe/a/b')).toBeUndefined();
  });

  it('finds nothing for a path the API does not serve', () => {
    expect(apiCallOf('/api/blog/no-such-call')).toBeUndefined();
    expect(apiCallOf('toString')).toBeUndefined();
  });
});

it('puts every call in a group the document describes, with a summary of one line', () => {
  for (const [path, call] of Object.entries(API_PATHS)) {
    expect(Object.keys(API_GROUPS), path).toContain(call.group);
    expect(call.summary, path).toMatch(/^\S[^\n]*$/);
  }
});
