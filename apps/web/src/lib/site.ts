import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteIdentity } from '@inkwell/contracts';
import { api } from './api.ts';

/**
 * The id of the `<script type="application/json">` in every page's head holding the site's identity
 * (`GET /api/site`'s answer), which the server writes there: the app starts with it, asking nothing.
 */
export const SITE_IDENTITY_ID = 'site-identity';

/** Who the site is (its name, look, topics, navigation); it changes only when an admin saves it. */
export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => api('/api/site', { method: 'GET', signal }),
    staleTime: Infinity,
  });

/*
 * Until the identity is known (only where no page carried it: the dev server's index.html), the
 * screens draw without a name, topics or links rather than with another site's. Types only from the
 * contracts: DEFAULT_SITE_IDENTITY lives beside the schemas, which stay out of the reading pages.
 */
const UNKNOWN: SiteIdentity = {
  name: '',
  description: '',
  logo: null,
  icon: null,
  accentColor: null,
  topics: [],
  navigation: [],
  footer: '',
  shareImage: null,
  language: 'en',
};

/** The site's identity, as every screen shows it. */
export const useSite = (): SiteIdentity => useQuery(siteQuery()).data ?? UNKNOWN;
