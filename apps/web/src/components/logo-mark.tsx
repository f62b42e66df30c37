/** Inkwell's mark (the favicon): drawn dark on light, so the dark theme shows it inverted rather than lost in the page. */
export function LogoMark() {
  return <img src="/favicon.svg" alt="" width={32} height={32} className="dark:invert" />;
}
