import fp from 'fastify-plugin';
import { registerWeb } from './web.routes.ts';

/**
 * The built web app and the server-rendered reading pages. `webModule` registers them on the app
 * itself (`app.sendSpa`, the static files), before the API modules.
 */
export const webModule = fp(registerWeb, { name: 'web' });
