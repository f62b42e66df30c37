import { useEffect } from 'react';
import { useSite } from './site.ts';

/** Names the browser tab `<title> | <the site's name>`. */
export function usePageTitle(title: string | undefined) {
  const { name } = useSite();
  useEffect(() => {
    if (title) document.title = `${title} | ${name}`;
  }, [title, name]);
}
