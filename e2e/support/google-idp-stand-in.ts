import type { IncomingMessage, ServerResponse } from 'node:http';
import { startGoogleIdp, type GoogleIdp } from '../../apps/server/src/test/google-idp.ts';

const IDP_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;

/**
 * What the browser loads instead of https://accounts.google.com/gsi/client: the same
 * `google.accounts.id` API (initialize, prompt, renderButton). prompt() shows an account chooser
 * where a test types the Google account to use; the IdP signs an ID token for it, handed to the
 * callback as `credential`, exactly as Google's popup does.
 */
const clientScript = (origin: string) => `(() => {
  let config;
  function chooser() {
    document.getElementById('google-stand-in')?.remove();
    const dialog = document.createElement('form');
    dialog.id = 'google-stand-in';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-label', 'Sign in with Google');
    Object.assign(dialog.style, { position: 'fixed', top: '20%', left: '50%', transform: 'translateX(-50%)', width: '320px',
      padding: '24px', background: 'white', border: '1px solid #ddd', boxShadow: '0 8px 24px rgba(0,0,0,.2)', zIndex: 1000 });
    const field = (label, name, type) => {
      const wrapper = document.createElement('label');
      wrapper.textContent = label;
      Object.assign(wrapper.style, { display: 'block', marginBottom: '12px' });
      const input = document.createElement('input');
      input.name = name;
      input.type = type;
      Object.assign(input.style, { display: 'block', width: '100%', border: '1px solid #999', padding: '4px' });
      wrapper.append(input);
      return wrapper;
    };
    const button = (text, type) => {
      const b = document.createElement('button');
      b.type = type;
      b.textContent = text;
      Object.assign(b.style, { marginRight: '8px', padding: '4px 12px', border: '1px solid #999' });
      return b;
    };
    const cancel = button('Cancel', 'button');
    cancel.onclick = () => dialog.remove();
    dialog.append(field('Google account email', 'email', 'email'), field('Name', 'name', 'text'), button('Continue', 'submit'), cancel);
    dialog.onsubmit = async (event) => {
      event.preventDefault();
      const body = new URLSearchParams(new FormData(dialog));
      body.set('client_id', config.client_id);
      const response = await fetch('${origin}/token', { method: 'POST', body });
      const { credential } = await response.json();
      dialog.remove();
      config.callback({ credential, select_by: 'user' });
    };
    document.body.append(dialog);
  }
  window.google = { accounts: { id: {
    initialize(c) { config = c; },
    prompt: chooser,
    renderButton() {},
    disableAutoSelect() {},
    cancel() { document.getElementById('google-stand-in')?.remove(); },
  } } };
})();`;

async function readForm(request: IncomingMessage) {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

async function handle(request: IncomingMessage, response: ServerResponse, idp: GoogleIdp) {
  if (request.method === 'GET' && request.url === '/gsi/client') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(clientScript(idp.url));
    return true;
  }
  if (request.method === 'POST' && request.url === '/token') {
    const form = await readForm(request);
    const email = form.get('email') ?? '';
    // The account's stable id is derived from the e-mail, so the same person gets the same `sub`.
    // No picture: a Google photo URL would leave the sandboxed test network; the avatar is generated.
    const credential = await idp.sign(
      { sub: `stand-in:${email.toLowerCase()}`, email, name: form.get('name') || undefined, picture: undefined },
      { audience: form.get('client_id') ?? '' },
    );
    response
      .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      .end(JSON.stringify({ credential }));
    return true;
  }
  return false;
}

/** Starts the IdP stand-in; `env` points the server (and through /api/config the browser) at it. */
export async function startGoogleIdpStandIn() {
  const idp = await startGoogleIdp({ port: IDP_PORT, clientId: 'inkwell-e2e.apps.googleusercontent.com', handle });
  return { env: { ...idp.env, GOOGLE_SCRIPT_URL: `${idp.url}/gsi/client` }, close: idp.close };
}
