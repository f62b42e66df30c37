import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../http-error.ts';

const MAX_DEPTH = 64;

/**
 * JSON bodies are parsed by us so that a body nested thousands deep, a NUL character (there or in
 * the address) or a `__proto__` key is refused with a clear 400 instead of reaching the code. Every body is JSON (or a
 * multipart upload): Fastify's text/plain parser would hand a bare string to the schemas, so it goes.
 */
export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, {});
    if (text.includes('\u0000')) return done(nulRefused(), undefined);
    if (tooDeep(text)) return done(badRequest('body_too_deep'), undefined);
    try {
      done(null, JSON.parse(text, refuseNul));
    } catch (error) {
      done(error instanceof HttpError ? error : badRequest('invalid_json'), undefined);
    }
  });
  // The same NUL written in the address (`%00` in a path or a query) would reach a query as a route's parameter.
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw nulRefused();
  });
}

const nulRefused = () => badRequest('nul_character');

/**
 * A NUL written as the escape \u0000 is refused once decoded, in a key or a string (PostgreSQL text
 * cannot hold it); text that merely shows the escape, like a blog about JSON, is kept as typed.
 */
function refuseNul(key: string, value: unknown) {
  if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) throw nulRefused();
  return key === '__proto__' ? undefined : value;
}

function tooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}
