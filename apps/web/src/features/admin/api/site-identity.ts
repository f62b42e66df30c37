import { useQueryClient } from '@tanstack/react-query';
import { accentContrast, type SiteIdentity, type UpdateSiteIdentityBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { siteQuery } from '../../../lib/site.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/**
 * The accent on this page at once, as the server's head puts it on every page it sends (the
 * `#site-accent` style, which gives way to it): set on the root element, or taken off it for the
 * default black and white. Through the CSSOM, which the Content-Security-Policy lets a script change.
 */
function showAccent(accent: string | null) {
  document.getElementById('site-accent')?.remove();
  const root = document.documentElement.style;
  if (accent) {
    root.setProperty('--color-accent', accent);
    root.setProperty('--color-on-accent', accentContrast(accent).text);
  } else {
    root.removeProperty('--color-accent');
    root.removeProperty('--color-on-accent');
  }
}

/**
 * Changes the fields of the site's identity that `body` holds; the whole identity it answers is the
 * app's at once (the top bar, titles, topics, footer and accent change without a reload).
 */
export function useUpdateSiteIdentity(config?: MutationConfig<SiteIdentity, UpdateSiteIdentityBody>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: UpdateSiteIdentityBody) => api('/api/admin/site-identity', { auth: true, body }),
    config,
    (identity) => {
      queryClient.setQueryData(siteQuery().queryKey, identity);
      showAccent(identity.accentColor);
    },
  );
}
