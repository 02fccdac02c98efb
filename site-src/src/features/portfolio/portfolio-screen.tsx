// PLACEHOLDER (Foundation): the portfolio issue replaces this (/portfolio, /portfolio/:artistId).
export default function PortfolioScreen() {
  return (
    <main>
      <h1>Portfolio</h1>
    </main>
  );
}
