import { useSite } from '../lib/site.ts';

/**
 * The site's logo beside its name; without one the software's mark (the default favicon), drawn
 * dark on light, so the dark theme shows it inverted rather than lost in the page.
 */
export function LogoMark() {
  const { logo } = useSite();
  // Square on phones, where the bar has room for no more beside its buttons; its own shape beyond.
  if (logo) return <img src={logo} alt="" height={40} className="h-10 w-10 max-w-[160px] object-contain sm:w-auto" />;
  return <img src="/favicon.svg" alt="" width={32} height={32} className="dark:invert" />;
}
