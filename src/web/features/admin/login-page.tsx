// Placeholder until its issue builds this screen.
export function LoginPage() {
  return <h1>LoginPage</h1>;
}
