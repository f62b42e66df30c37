import type { ChangePasswordBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

export const changePassword = (body: ChangePasswordBody) => api('/api/user/change-password', { auth: true, body });
