// PLACEHOLDER (Foundation): the aftercare issue replaces this (/aftercare).
export default function AftercareScreen() {
  return (
    <main>
      <h1>Aftercare Guide</h1>
    </main>
  );
}
