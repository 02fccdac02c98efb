import { SectionHeading } from "../../components/section-heading";
import "./brand-section.css";

const HIGHLIGHTS = [
  { label: "Heritage", value: "30 Years", text: "Three decades of custom work from the same Dallas family of artists." },
  { label: "Expertise", value: "Master Artists", text: "An award-winning team of specialists, each a master of their own style." },
  { label: "Excellence", value: "Precision", text: "Clean lines, considered placement and healing that holds for a lifetime." },
];

/** Where Artistry Meets Precision, with three highlights (docs/product.md#home). */
export function BrandSection() {
  return (
    <section id="brand" className="section brand" aria-labelledby="brand-heading">
      <div className="container brand__grid">
        <SectionHeading
          id="brand-heading"
          eyebrow="The Atelier"
          title={
            <>
              Where Artistry <em>Meets Precision</em>
            </>
          }
        >
          <p>
            For nearly three decades we have turned ideas into permanent art. Every piece is drawn for the person
            wearing it, refined together at the drawing table and tattooed with the patience and precision that only
            years in the chair can teach.
          </p>
        </SectionHeading>
        <ul className="brand__highlights">
          {HIGHLIGHTS.map((item, index) => (
            <li key={item.label} className="brand__highlight" data-aos="fade-up" data-aos-delay={200 + index * 120}>
              <p className="brand__label">{item.label}</p>
              <p className="brand__value">{item.value}</p>
              <p className="brand__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
