// Placeholder until its issue builds this screen.
export function DashboardPage() {
  return <h1>DashboardPage</h1>;
}
