import type { ReactNode } from "react";
import "./section-heading.css";

type Props = {
  /** The small gold label above the title ("The Studio"). */
  eyebrow?: string;
  /** The heading itself; use <br /> or <em> for a second line or an accent. */
  title: ReactNode;
  /** id of the heading element, for aria-labelledby on the section. */
  id?: string;
  /** Heading level: h2 for sections, h1 for a screen's title. */
  level?: 1 | 2 | 3;
  align?: "start" | "center";
  /** A lede paragraph under the title. */
  children?: ReactNode;
  className?: string;
};

/** The site's one section heading: eyebrow, display title and optional lede, animated in. */
export function SectionHeading({ eyebrow, title, id, level = 2, align = "start", children, className = "" }: Props) {
  const Heading = `h${level}` as const;
  return (
    <div className={`section-heading section-heading--${align} ${className}`}>
      {eyebrow && (
        <p className="eyebrow" data-aos="fade-up">
          {eyebrow}
        </p>
      )}
      <Heading id={id} className="section-heading__title" data-aos="fade-up" data-aos-delay="150">
        {title}
      </Heading>
      {children && (
        <div className="section-heading__lede lede" data-aos="fade-up" data-aos-delay="250">
          {children}
        </div>
      )}
    </div>
  );
}
