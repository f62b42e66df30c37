/** Placeholder until its feature lands. */
export function HomePage() {
  return <h1 className="p-10 text-2xl">Latest blogs</h1>;
}
