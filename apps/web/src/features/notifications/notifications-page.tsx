/** Placeholder until its feature lands. */
export function NotificationsPage() {
  return <h1 className="p-10 text-2xl">Recent Notifications</h1>;
}
