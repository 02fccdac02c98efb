// The optional questions of a tattoo request (docs/contact.md): shown by the contact form only for
// the services of `request.services` (site data, from functions/contact/choices.json), every
// answer one of the exact strings the contact function accepts. They fold behind one control, "Add
// details (optional)" (a <details>: it opens before the form's code has come, too), so the form
// first reads as the spec draws it; the form opens them for a claimed flash design, whose size and
// price are the design's own: then the size and budget questions are not asked. Part of the form's own chunk
// (contact-form.tsx imports it statically): the home page never downloads it until the visitor
// comes near the form.
import { useId } from "react";
import { useStrings } from "../../i18n/catalog";
import { contactFormStrings } from "../../i18n/parts/contact-form";
import type { RequestChoices } from "../../lib/site-data";

/** What the visitor answered so far; "" (or none) for a question left alone. */
export type RequestAnswers = {
  placement: string;
  size: string;
  colour: string;
  budget: string;
  availability: string[];
  first_tattoo: "" | "yes" | "no";
  age: string;
};

export const NO_ANSWERS: RequestAnswers = {
  placement: "",
  size: "",
  colour: "",
  budget: "",
  availability: [],
  first_tattoo: "",
  age: "",
};

/** The request fields of POST /api/contact, each present only when answered. */
export type RequestFields = {
  placement?: string;
  size?: string;
  colour?: string;
  budget?: string;
  availability?: string[];
  first_tattoo?: boolean;
  age?: string;
};

export const UNDER_18 = "under-18";

/** What a claimed flash design fixes (its size and price): not asked, and never sent with it. */
export const FIXED_BY_DESIGN = ["size", "budget"] as const;

/** The answered questions, as the contact function takes them (without those a design fixes). */
export function requestPayload(answers: RequestAnswers, { design = false } = {}): RequestFields {
  const fields: RequestFields = {};
  for (const key of ["placement", "size", "colour", "budget", "age"] as const) {
    if (design && (FIXED_BY_DESIGN as readonly string[]).includes(key)) continue;
    if (answers[key]) fields[key] = answers[key];
  }
  if (answers.availability.length) fields.availability = answers.availability;
  if (answers.first_tattoo) fields.first_tattoo = answers.first_tattoo === "yes";
  return fields;
}

/** What the prerendered form holds (picked before the form's code arrived). */
export function answersIn(form: HTMLFormElement): RequestAnswers {
  const data = new FormData(form);
  const one = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  const first = one("first_tattoo");
  return {
    placement: one("placement"),
    size: one("size"),
    colour: one("colour"),
    budget: one("budget"),
    availability: data.getAll("availability").filter((value): value is string => typeof value === "string"),
    first_tattoo: first === "yes" || first === "no" ? first : "",
    age: one("age"),
  };
}

export const answered = (answers: RequestAnswers): boolean => Object.keys(requestPayload(answers)).length > 0;

type Props = {
  choices: RequestChoices;
  answers: RequestAnswers;
  onChange: (answers: RequestAnswers) => void;
  /** The studio's own rule for visitors under 18 (site data `minorsRule`). */
  minorsRule: string | null;
  /** Whether the questions are unfolded, and the visitor's own folding or unfolding. */
  open: boolean;
  onToggle: (open: boolean) => void;
  /** A flash design is claimed: its size and price are set, so those questions are not asked. */
  design?: boolean;
};

/** A group of radio buttons (or, with `multiple`, checkboxes) drawn as a row of pills. */
function Choices({
  legend,
  name,
  options,
  labels,
  value,
  onPick,
  multiple = false,
  className = "",
}: {
  legend: string;
  name: string;
  options: string[];
  labels?: Record<string, string>;
  value: string[];
  onPick: (value: string, on: boolean) => void;
  multiple?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={`contact-choices ${className}`}>
      <legend className="contact-choices__legend">{legend}</legend>
      <div className="contact-choices__options">
        {options.map((option) => (
          <label key={option} className="contact-choice">
            <input
              type={multiple ? "checkbox" : "radio"}
              name={name}
              value={option}
              checked={value.includes(option)}
              onChange={(event) => onPick(option, event.target.checked)}
            />
            <span>{labels?.[option] ?? option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function TattooRequestFields({ choices, answers, onChange, minorsRule, open, onToggle, design = false }: Props) {
  const id = useId();
  const strings = useStrings(contactFormStrings);
  const t = strings.request;
  const set = <K extends keyof RequestAnswers>(key: K, value: RequestAnswers[K]) => onChange({ ...answers, [key]: value });
  const select = (key: "placement" | "size" | "budget", label: string) => (
    <div className="contact-form__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} name={key} value={answers[key]} onChange={(event) => set(key, event.target.value)}>
        <option value="">{t.notSure}</option>
        {choices[key].map((option) => (
          <option key={option} value={option}>
            {strings.choices[key][option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
  const under18 = answers.age === UNDER_18;

  return (
    <details
      className="contact-request contact-form__field--wide"
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open !== open) onToggle(event.currentTarget.open);
      }}
    >
      <summary className="contact-request__toggle">
        {`${t.toggle} `}
        <span className="contact-form__optional">{strings.form.optional}</span>
      </summary>
      <fieldset className="contact-request__fields" aria-describedby={`${id}-hint`}>
        <legend className="contact-request__legend">{t.legend}</legend>
        <p id={`${id}-hint`} className="contact-request__hint">
          {t.hint}
        </p>
        <div className="contact-request__grid">
          {select("placement", t.placement)}
          {!design && select("size", t.size)}
          {!design && select("budget", t.budget)}
          <Choices
            legend={t.colour}
            name="colour"
            options={choices.colour}
            labels={t.colours}
            value={[answers.colour]}
            onPick={(value) => set("colour", value)}
          />
          <Choices
            legend={t.availability}
            name="availability"
            options={choices.availability}
            labels={strings.choices.availability}
            value={answers.availability}
            multiple
            className="contact-choices--wide"
            // In the list's order, whatever the order of the clicks.
            onPick={(value, on) =>
              set(
                "availability",
                choices.availability.filter((option) => (option === value ? on : answers.availability.includes(option))),
              )
            }
          />
          <Choices
            legend={t.firstTattoo}
            name="first_tattoo"
            options={["yes", "no"]}
            labels={t.answers}
            value={[answers.first_tattoo]}
            onPick={(value) => set("first_tattoo", value as RequestAnswers["first_tattoo"])}
          />
          <Choices
            legend={t.age}
            name="age"
            options={choices.age}
            labels={t.ages}
            value={[answers.age]}
            onPick={(value) => set("age", value)}
          />
        </div>
        {/* Announced when it appears: what the law asks of a visitor under 18, then the studio's rule. */}
        <div aria-live="polite">
          {under18 && (
            <div className="contact-request__advice">
              <p className="contact-request__advice-title">{t.minors}</p>
              <ul>
                <li>
                  <strong>{t.tattooLabel}</strong>
                  {` ${t.tattoo}`}
                </li>
                <li>
                  <strong>{t.piercingLabel}</strong>
                  {` ${t.piercing}`}
                </li>
              </ul>
              {minorsRule && (
                <p className="contact-request__rule">
                  <strong>{t.studioRule}</strong> {minorsRule}
                </p>
              )}
            </div>
          )}
        </div>
      </fieldset>
    </details>
  );
}
