/** A section's heading on the piercings page: its eyebrow over its title (the title's id labels the section). */
export function PiercingSectionHead({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <div className="piercing-section-head">
      <p className="piercing-eyebrow" data-aos="fade-up">
        {eyebrow}
      </p>
      <h2 id={id} className="piercing-section-title" data-aos="fade-up">
        {title}
      </h2>
    </div>
  );
}
