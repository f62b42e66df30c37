import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http-error.ts';

const MAX_DEPTH = 64;

/**
 * JSON bodies are parsed by us so that a body nested thousands deep, a NUL character or a
 * `__proto__` key is refused with a clear 400 instead of reaching the code.
 */
export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, {});
    if (text.includes('\\u0000') || text.includes('\u0000')) return done(badRequest('Text may not contain NUL characters'), undefined);
    if (tooDeep(text)) return done(badRequest('The request body is nested too deeply'), undefined);
    try {
      done(null, JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });
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
