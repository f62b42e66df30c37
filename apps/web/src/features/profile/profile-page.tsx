/** Placeholder until its feature lands. */
export function ProfilePage() {
  return <h1 className="p-10 text-2xl">Profile</h1>;
}
