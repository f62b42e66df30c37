/** WordPress's addresses by id (`/?p=42`, `/?page_id=7`), the only queries that name a post. */
const ID_PARAMS = ['p', 'page_id'];
const PATH_MAX = 2048;

/**
 * The key an old address is kept and looked up under: its path as a browser sends it (percent-encoded),
 * without the trailing slash (`/my-post/` and `/my-post` are one); the query is left out, as tracking
 * and page numbers do not change which post an address names, but for WordPress's addresses by id
 * (`/?p=42`, `/index.php?p=42`). Null for what names no post: the site's root, or no address at all.
 */
export function oldPathKey(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address, 'http://old.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.replace(/\/+$/, '').replace(/^\/index\.php$/, '');
  if (path) return path.length <= PATH_MAX ? path : null;
  const id = ID_PARAMS.find((name) => /^\d+$/.test(url.searchParams.get(name) ?? ''));
  return id ? `/?${id}=${url.searchParams.get(id)}` : null;
}
