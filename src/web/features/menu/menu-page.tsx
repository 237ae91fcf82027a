// Placeholder until its issue builds this screen.
export function MenuPage() {
  return <h1>MenuPage</h1>;
}
