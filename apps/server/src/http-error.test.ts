import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorMessages } from '@inkwell/contracts';
import { HttpError, parse } from './http-error.ts';

const Body = z.object({
  title: z.string().max(5),
  page: z.number().int().min(1).max(9),
  tags: z.array(z.string()).min(1).max(2),
  author: z.object({ username: z.string() }),
  filter: z.enum(['all', 'like']),
  draft: z.boolean(),
  des: z.string().max(3, 'Write a shorter description'),
});
const valid = {
  title: 'Hi',
  page: 1,
  tags: ['a'],
  author: { username: 'ann' },
  filter: 'all',
  draft: false,
  des: 'ok',
};

const refusal = (value: unknown) => {
  try {
    parse(Body, value);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return { message: (error as HttpError).message, code: (error as HttpError).code };
  }
  throw new Error('parsed');
};

describe('parse', () => {
  it.each<[string, unknown, string]>([
    ['a missing field', { ...valid, title: undefined }, 'title is required'],
    ['a missing nested field', { ...valid, author: {} }, 'author.username is required'],
    ['text of the wrong type', { ...valid, title: 5 }, 'title must be text'],
    ['a fraction for a whole number', { ...valid, page: 1.5 }, 'page must be a whole number'],
    ['a string for a boolean', { ...valid, draft: 'no' }, 'draft must be true or false'],
    ['a string for a list', { ...valid, tags: 'a' }, 'tags must be a list'],
    ['a number for an object', { ...valid, author: 1 }, 'author must be an object'],
    ['text too long', { ...valid, title: 'too long' }, 'title is too long (at most 5 characters)'],
    ['too many items', { ...valid, tags: ['a', 'b', 'c'] }, 'tags has too many items (at most 2)'],
    ['too few items', { ...valid, tags: [] }, 'tags needs at least 1 item'],
    ['a number too small', { ...valid, page: 0 }, 'page must be at least 1'],
    ['a number too big', { ...valid, page: 10 }, 'page must be at most 9'],
    ['a value outside the choices', { ...valid, filter: 'reply' }, 'filter must be one of all, like'],
    ['a body that is not an object', 5, 'The request body must be a JSON object'],
    ['a message the contract wrote', { ...valid, des: 'long' }, 'Write a shorter description'],
  ])('says what is wrong with %s', (_name, value, message) => {
    expect(refusal(value)).toEqual({ message, code: 'validation_failed' });
  });

  it('carries the code of the rule whose message a contract schema refuses in', () => {
    const Tags = z.object({ tags: z.array(z.string()).max(10, ErrorMessages.too_many_tags) });
    expect(() => parse(Tags, { tags: Array.from({ length: 11 }, String) })).toThrow(
      expect.objectContaining({ status: 400, code: 'too_many_tags', message: 'You can add max 10 Tags' }),
    );
  });

  it('answers the parsed value, and treats no body as an empty object', () => {
    expect(parse(Body, valid)).toEqual(valid);
    expect(parse(z.object({ page: z.number().default(1) }), undefined)).toEqual({ page: 1 });
  });
});
