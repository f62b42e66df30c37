import type { SignUpBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

export const signUp = (body: SignUpBody) => api('/api/user/signup', { body });
