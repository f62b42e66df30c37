export { authorsCount, authorsPage, findUsers, getProfile } from './profiles.service.ts';
