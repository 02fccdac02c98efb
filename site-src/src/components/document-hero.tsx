// The heading block of the pages that carry a document (/aftercare, /policies): eyebrow, title
// and intro, with the aftercare page's classes both pages wear.
export function DocumentHero({ eyebrow, title, intro }: { eyebrow: string; title: string; intro: string }) {
  return (
    <header className="aftercare__hero">
      <p className="aftercare__eyebrow" data-aos="fade-up">
        {eyebrow}
      </p>
      <h1 className="aftercare__title" data-aos="fade-up">
        {title}
      </h1>
      <p className="aftercare__intro" data-aos="fade-up">
        {intro}
      </p>
    </header>
  );
}
