import { describe, expect, it } from 'vitest';
import { domainCovers, domainsCovering, normaliseDomain, normaliseEmailDomain } from './domain-rules.ts';

describe('a domain to block', () => {
  it('is the host however it is typed: case, scheme, port, path, a leading *. and a final dot go', () => {
    for (const typed of [
      'spam.example',
      'Spam.Example',
      'https://spam.example:8443/@someone?x=1',
      'http://SPAM.example',
      '*.spam.example',
      ' spam.example. ',
      'spam.example/users/a b',
    ])
      expect(normaliseDomain(typed), typed).toBe('spam.example');
  });

  it('is a name in another script in its xn-- form, an IP address as one', () => {
    expect(normaliseDomain('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normaliseDomain('http://127.0.0.2:3000/')).toBe('127.0.0.2');
    expect(normaliseDomain('[::1]')).toBe('[::1]');
  });

  it('is nothing for what names no host', () => {
    for (const typed of [
      '',
      '   ',
      'localhost',
      'example',
      'not a domain',
      'alice@spam.example',
      'ftp://spam.example',
      '-spam.example',
      'spam..example',
      'spam_example.org',
      `${'a'.repeat(64)}.example`,
      '999.1.1.1',
    ])
      expect(normaliseDomain(typed), typed).toBeNull();
  });
});

describe('a block', () => {
  it('covers the domain and its subdomains, nothing else', () => {
    expect(domainCovers('spam.example', 'spam.example')).toBe(true);
    expect(domainCovers('spam.example', 'a.b.spam.example')).toBe(true);
    expect(domainCovers('spam.example', 'notspam.example')).toBe(false);
    expect(domainCovers('spam.example', 'spam.example.org')).toBe(false);
    expect(domainCovers('a.spam.example', 'spam.example')).toBe(false);
  });
});

describe('an e-mail domain', () => {
  it('is the domain of an address, or a domain typed as a fediverse one', () => {
    for (const typed of ['Alice@Spam.Example', ' bob.smith+x@spam.example ', 'spam.example', '*.spam.example'])
      expect(normaliseEmailDomain(typed), typed).toBe('spam.example');
    expect(normaliseEmailDomain('jo@mail.spam.example')).toBe('mail.spam.example');
  });

  it('is nothing for what names no domain', () => {
    for (const typed of ['', 'alice@', '@', 'alice@localhost', 'a@b@spam example', 'https://x@spam.example'])
      expect(normaliseEmailDomain(typed), typed).toBeNull();
  });

  it('is covered by the blocks of itself and of every domain it is under', () => {
    expect(domainsCovering('a.spam.example')).toEqual(['a.spam.example', 'spam.example', 'example']);
    for (const domain of domainsCovering('a.spam.example')) expect(domainCovers(domain, 'a.spam.example')).toBe(true);
  });
});
