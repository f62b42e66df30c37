/** Placeholder until its feature lands. */
export default function EditorPage() {
  return <h1 className="p-10 text-2xl">Editor</h1>;
}
