// Placeholder until its issue builds this screen.
export function ReservationPage() {
  return <h1>ReservationPage</h1>;
}
