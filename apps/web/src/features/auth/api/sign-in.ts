import type { SignInBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

export const signIn = (body: SignInBody) => api('/api/user/signin', { body });
