import type { UpdateProfileBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

export const updateProfile = (body: UpdateProfileBody) => api('/api/user/update-profile', { auth: true, body });
