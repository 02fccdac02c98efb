// PLACEHOLDER (Foundation): the artists issue replaces this with the carousel (#artists).
export function ArtistsSection() {
  return (
    <section id="artists" aria-labelledby="artists-heading">
      <h2 id="artists-heading">Our Artists</h2>
    </section>
  );
}
