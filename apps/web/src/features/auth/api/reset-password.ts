import type { ResetPasswordBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

export const resetPassword = (body: ResetPasswordBody) => api('/api/user/reset-password', { body });
