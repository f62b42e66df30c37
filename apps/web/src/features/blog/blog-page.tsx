/** Placeholder until its feature lands. */
export function BlogPage() {
  return <h1 className="p-10 text-2xl">Blog</h1>;
}
