// PLACEHOLDER (Foundation): the scroll-sequence issue replaces this (/test).
export default function ScrollSequenceScreen() {
  return (
    <main>
      <p>SCROLL DOWN</p>
    </main>
  );
}
