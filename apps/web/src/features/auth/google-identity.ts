/** The part of Google Identity Services (or the e2e stand-in speaking the same API) we use. */
interface GoogleIdentityServices {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
  }): void;
  prompt(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentityServices } };
  }
}

let loading: Promise<GoogleIdentityServices> | undefined;
let initializedFor: string | undefined;
let onCredential: (credential: string | undefined) => void = () => {};

function load(src: string): Promise<GoogleIdentityServices> {
  loading ??= new Promise<GoogleIdentityServices>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined; // let a later click try again
    throw error;
  });
  return loading;
}

/** Loads the script ahead of the click, so the popup opens straight away. */
export const preloadGoogleIdentity = (src: string) => void load(src).catch(() => {});

/**
 * Asks Google for an ID token; `callback` gets it (or undefined when Google gave none).
 * Initialised once per page: Google warns when initialize runs again.
 */
export async function promptGoogleSignIn(
  src: string,
  clientId: string,
  callback: (credential: string | undefined) => void,
) {
  const id = await load(src);
  onCredential = callback;
  if (initializedFor !== clientId) {
    id.initialize({ client_id: clientId, ux_mode: 'popup', callback: (response) => onCredential(response.credential) });
    initializedFor = clientId;
  }
  id.prompt();
}
