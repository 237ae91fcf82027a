// Placeholder until its issue builds this screen.
export function HomePage() {
  return <h1>HomePage</h1>;
}
