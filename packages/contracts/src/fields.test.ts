import { expect, it } from 'vitest';
import { refusalField } from './fields.ts';

it('finds the field of a refusal only the server makes from its code, never from its words', () => {
  expect(refusalField('email_taken')).toBe('email');
  expect(refusalField('username_taken')).toBe('username');
  expect(refusalField('wrong_current_password')).toBe('currentPassword');
  expect(refusalField('wrong_credentials')).toBeUndefined();
  expect(refusalField(undefined)).toBeUndefined();
});
