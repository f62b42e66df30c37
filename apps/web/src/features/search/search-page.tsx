/** Placeholder until its feature lands. */
export function SearchPage() {
  return <h1 className="p-10 text-2xl">Search</h1>;
}
