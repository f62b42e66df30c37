import type { ForgotPasswordBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

export const forgotPassword = (body: ForgotPasswordBody) => api('/api/user/forgot-password', { body });
