// The consent form itself (docs/consent.md, the table is the contract): who the client is, the
// emergency contact, the studio's text with its health questions, the minors' part, the
// acknowledgements and the typed signature. It wears the contact form's classes (fields, pills,
// the advice block, the button, the messages: contact-section.css), so it reads as the same
// design; consent.css adds only what the contact form has not (checkboxes, errors beside fields).
// Checked here with the function's rules first (consent-rules.ts), then posted; a 400 names its
// fields and each problem shows beside its field, the first one focused.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { MarkdownDocument } from "../../components/markdown-document";
import { useStrings } from "../../i18n/catalog";
import { consentStrings, type ConsentStrings } from "../../i18n/parts/consent";
import { basePath } from "../../lib/language";
import { useSiteData } from "../../lib/use-site-data";
import { signConsent, type ConsentSection } from "./api/consent-api";
import {
  consentPayload,
  EMPTY_CONSENT,
  ID_TYPES,
  isMinor,
  MAX_NAME,
  MAX_PHONE,
  RELATIONSHIPS,
  validate,
  type BookingFacts,
  type ConsentFields,
  type FieldErrors,
} from "./consent-rules";

const HEADINGS = { min: 3, max: 4 } as const;

/** Every field in the page's order: the first with a problem is focused. */
const ORDER = [
  "name",
  "dob",
  "cover_up",
  "id_type",
  "id_last4",
  "emergency_name",
  "emergency_phone",
  "answers",
  "risks",
  "aftercare",
  "signature",
  "agree",
  "guardian_name",
  "guardian_relationship",
  "guardian_id_type",
  "guardian_id_last4",
  "guardian_signature",
  "guardian_agree",
] as const;

const fieldId = (field: string) => `consent-${field.replace(/_/g, "-")}`;
const errorId = (field: string) => `${fieldId(field)}-error`;

/** Signed: what the success state shows. */
export type Signed = { message: string | null; signedAt: string | null; minor: boolean };

type Props = {
  token: string;
  sections: ConsentSection[];
  intro: string;
  facts: BookingFacts;
  /** The link turned out unusable on Send (a 404, 409 or 410): the screen says why, above. */
  onLinkRefused: (error: string) => void;
  onSigned: (signed: Signed) => void;
};

type Strings = ConsentStrings;

export function ConsentForm({ token, sections, intro, facts, onLinkRefused, onSigned }: Props) {
  const t = useStrings(consentStrings);
  const { minorsRule } = useSiteData();
  const [fields, setFields] = useState<ConsentFields>(EMPTY_CONSENT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const questions = sections.flatMap((section) => section.questions.map((question) => question.id));

  const minor = isMinor(fields.dob, facts.today);
  // A minor's tattoo where the studio takes no cover-up: refused as soon as the date says so,
  // in the function's words, beside the date of birth (Send then posts nothing).
  const refusal = minor && facts.tattoo === true && !facts.minorsCoverUps ? t.errors.minorNoTattoo : null;
  const shown: FieldErrors = refusal && !errors.dob ? { ...errors, dob: refusal } : errors;

  const set = <K extends keyof ConsentFields>(key: K, value: ConsentFields[K]) => {
    setFields((now) => ({ ...now, [key]: value }));
    // A problem goes as soon as the visitor changes its field.
    setErrors((now) => {
      if (!(key in now)) return now;
      const { [key]: _gone, ...rest } = now;
      return rest;
    });
  };
  const answer = (id: string, value: "yes" | "no") => {
    setFields((now) => ({ ...now, answers: { ...now.answers, [id]: value } }));
    setErrors((now) => {
      if (!("answers" in now)) return now;
      const { answers: _gone, ...rest } = now;
      return rest;
    });
  };

  /** Bring a field into view, clear of the fixed header, and focus it (the questions: the first unanswered). */
  const focusField = (field: string) => {
    const target =
      field === "answers"
        ? (form.current?.querySelector<HTMLElement>(".consent-question--missing input") ??
          form.current?.querySelector<HTMLElement>(".consent-question input"))
        : document.getElementById(fieldId(field));
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  };

  // After a Send with problems: the first one, in the page's order.
  useEffect(() => {
    const first = ORDER.find((field) => field in errors);
    if (attempt && first) focusField(first);
  }, [attempt]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const found = validate(fields, questions, facts, t.errors);
    if (Object.keys(found).length) {
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setSending(true);
    const reply = await signConsent(token, consentPayload(fields, questions, facts));
    setSending(false);
    switch (reply.kind) {
      case "signed":
        onSigned({ message: reply.message, signedAt: reply.signedAt, minor });
        return;
      case "link":
        onLinkRefused(reply.error);
        return;
      case "fields": {
        // Each beside its field; one the page does not show (none should be) above the button.
        const known = Object.fromEntries(Object.entries(reply.fields).filter(([field]) => (ORDER as readonly string[]).includes(field)));
        const other = Object.entries(reply.fields).filter(([field]) => !(field in known));
        setErrors(known);
        setFailure(other.length ? other.map(([, problem]) => problem).join(" ") : Object.keys(known).length ? null : reply.error);
        setAttempt((n) => n + 1);
        return;
      }
      case "unreachable":
        setFailure(t.unreachable);
        setAttempt((n) => n + 1);
        return;
      default:
        setFailure(reply.kind === "failed" && reply.error ? reply.error : t.failed);
        setAttempt((n) => n + 1);
    }
  }

  const problems = ORDER.filter((field) => field in shown && (field !== "dob" || !refusal || field in errors));
  const guide = `${basePath()}/aftercare${facts.tattoo === true ? "#aftercare-tattoo" : facts.tattoo === false ? "#aftercare-piercing" : ""}`;

  return (
    <form ref={form} className="contact-form consent-form" onSubmit={submit} noValidate aria-labelledby="consent-title">
      <div className="aftercare-card consent-card">
        {intro && (
          <MarkdownDocument className="policies-md consent-md" headings={HEADINGS}>
            {intro}
          </MarkdownDocument>
        )}

        <fieldset className="consent-part">
          <legend className="consent-part__legend">{t.you.legend}</legend>
          <div className="contact-form__grid">
            <TextInput field="name" label={t.you.name} value={fields.name} error={shown.name} onChange={(v) => set("name", v)}
              autoComplete="name" placeholder={t.you.namePlaceholder} maxLength={MAX_NAME} />
            <Field field="dob" label={t.you.dob} error={shown.dob}>
              <input
                {...control("dob", shown.dob)}
                type="date"
                autoComplete="bday"
                value={fields.dob}
                onChange={(event) => set("dob", event.target.value)}
              />
            </Field>
            {minor && (
              <MinorRule t={t} facts={facts} minorsRule={minorsRule ?? null} refused={refusal !== null}>
                {facts.tattoo === true && facts.minorsCoverUps && (
                  <Check field="cover_up" checked={fields.cover_up} error={shown.cover_up} onChange={(v) => set("cover_up", v)}>
                    {t.minor.coverUp}
                  </Check>
                )}
              </MinorRule>
            )}
            <SelectField field="id_type" label={t.you.idType} error={shown.id_type} value={fields.id_type}
              options={ID_TYPES} names={t.you.idTypes} pick={t.you.idTypePick} onChange={(v) => set("id_type", v)} />
            <TextInput field="id_last4" label={t.you.idLast4} value={fields.id_last4} error={shown.id_last4}
              onChange={(v) => set("id_last4", v)} hint={t.you.idLast4Hint} maxLength={4} autoComplete="off" last4 />
          </div>
        </fieldset>

        <fieldset className="consent-part">
          <legend className="consent-part__legend">{t.emergency.legend}</legend>
          <div className="contact-form__grid">
            <TextInput field="emergency_name" label={t.emergency.name} value={fields.emergency_name} error={shown.emergency_name}
              onChange={(v) => set("emergency_name", v)} maxLength={MAX_NAME} autoComplete="off" />
            <TextInput field="emergency_phone" label={t.emergency.phone} value={fields.emergency_phone} error={shown.emergency_phone}
              onChange={(v) => set("emergency_phone", v)} maxLength={MAX_PHONE} type="tel" autoComplete="off" />
          </div>
        </fieldset>

        {sections.map((section, index) => (
          <section key={`${index}-${section.title}`} className="consent-section" aria-labelledby={`consent-section-${index}`}>
            <h2 id={`consent-section-${index}`} className="consent-section__title">
              {section.title}
            </h2>
            {section.markdown && (
              <MarkdownDocument className="policies-md consent-md" headings={HEADINGS}>
                {section.markdown}
              </MarkdownDocument>
            )}
            {section.questions.length > 0 && (
              <div className="consent-questions">
                {section.questions.map((question) => {
                  const missing = "answers" in shown && !fields.answers[question.id];
                  const firstMissing = missing && questions.find((id) => !fields.answers[id]) === question.id;
                  return (
                    <fieldset
                      key={question.id}
                      className={`contact-choices consent-question${missing ? " consent-question--missing" : ""}`}
                      aria-describedby={firstMissing ? errorId("answers") : undefined}
                    >
                      <legend className="consent-question__text">{question.text}</legend>
                      <div className="contact-choices__options">
                        {(["yes", "no"] as const).map((value) => (
                          <label key={value} className="contact-choice">
                            <input
                              type="radio"
                              name={`answer-${question.id}`}
                              value={value}
                              checked={fields.answers[question.id] === value}
                              onChange={() => answer(question.id, value)}
                              aria-invalid={missing || undefined}
                            />
                            <span>{t.answers[value]}</span>
                          </label>
                        ))}
                      </div>
                      {firstMissing && <FieldError field="answers" error={shown.answers} />}
                    </fieldset>
                  );
                })}
              </div>
            )}
          </section>
        ))}

        <fieldset className="consent-part consent-part--sign">
          <legend className="consent-part__legend">{t.sign.legend}</legend>
          <Check field="risks" checked={fields.risks} error={shown.risks} onChange={(v) => set("risks", v)}>
            {t.sign.risks}
          </Check>
          <Check field="aftercare" checked={fields.aftercare} error={shown.aftercare} onChange={(v) => set("aftercare", v)}>
            {t.sign.aftercare}
          </Check>
          <p className="consent-guide">
            <a href={guide} target="_blank" rel="noopener">
              {t.sign.guide}
              <span className="visually-hidden">{` ${t.sign.newTab}`}</span>
            </a>
          </p>
          <div className="contact-form__grid">
            <TextInput field="signature" label={t.sign.signature} value={fields.signature} error={shown.signature}
              onChange={(v) => set("signature", v)} hint={t.sign.signatureHint} maxLength={MAX_NAME} autoComplete="off" wide signature />
          </div>
          <Check field="agree" checked={fields.agree} error={shown.agree} onChange={(v) => set("agree", v)}>
            {t.sign.agree}
          </Check>
        </fieldset>

        {minor && !refusal && (
          <fieldset className="consent-part consent-part--guardian" aria-describedby="consent-guardian-hint">
            <legend className="consent-part__legend">{t.minor.legend}</legend>
            <p id="consent-guardian-hint" className="consent-part__hint">
              {t.minor.hint}
            </p>
            <div className="contact-form__grid">
              <TextInput field="guardian_name" label={t.minor.name} value={fields.guardian_name} error={shown.guardian_name}
                onChange={(v) => set("guardian_name", v)} maxLength={MAX_NAME} autoComplete="off" />
              <SelectField field="guardian_relationship" label={t.minor.relationship} error={shown.guardian_relationship}
                value={fields.guardian_relationship} options={RELATIONSHIPS} names={t.minor.relationships}
                pick={t.minor.relationshipPick} onChange={(v) => set("guardian_relationship", v)} />
              <SelectField field="guardian_id_type" label={t.minor.idType} error={shown.guardian_id_type}
                value={fields.guardian_id_type} options={ID_TYPES} names={t.you.idTypes} pick={t.you.idTypePick}
                onChange={(v) => set("guardian_id_type", v)} />
              <TextInput field="guardian_id_last4" label={t.minor.idLast4} value={fields.guardian_id_last4} error={shown.guardian_id_last4}
                onChange={(v) => set("guardian_id_last4", v)} hint={t.you.idLast4Hint} maxLength={4} autoComplete="off" last4 />
              <TextInput field="guardian_signature" label={t.minor.signature} value={fields.guardian_signature} error={shown.guardian_signature}
                onChange={(v) => set("guardian_signature", v)} maxLength={MAX_NAME} autoComplete="off" wide signature />
            </div>
            <Check field="guardian_agree" checked={fields.guardian_agree} error={shown.guardian_agree} onChange={(v) => set("guardian_agree", v)}>
              {t.minor.agree}
            </Check>
          </fieldset>
        )}

        <button type="submit" className="contact-form__submit consent-form__submit" disabled={sending}>
          {sending ? t.sending : t.send}
        </button>
        {(problems.length > 0 || failure) && (
          <div className="contact-form__outcome">
            {/* A new element per attempt: the same problems twice are announced twice. */}
            <div key={attempt} className="contact-form__message contact-form__message--failed consent-summary" role="alert">
              {failure && <p>{failure}</p>}
              {problems.length > 0 && (
                <>
                  <p>{t.problems(problems.length)}</p>
                  <ul>
                    {problems.map((field) => (
                      <li key={field}>
                        <a
                          href={`#${field === "answers" ? errorId("answers") : fieldId(field)}`}
                          onClick={(event) => {
                            event.preventDefault(); // the address keeps no fragment; the field is focused
                            focusField(field);
                          }}
                        >
                          {shown[field]}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </div>
        )}
      </div>
    </form>
  );
}

/** The props that tie a control to its label's field and its problem. */
function control(field: string, error: string | undefined) {
  return {
    id: fieldId(field),
    name: field,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId(field) : undefined,
  };
}

function FieldError({ field, error }: { field: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorId(field)} className="consent-error">
      {error}
    </p>
  );
}

function Field({ field, label, error, wide = false, children }: { field: string; label: string; error?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`contact-form__field${wide ? " contact-form__field--wide" : ""}`}>
      <label htmlFor={fieldId(field)}>{label}</label>
      {children}
      <FieldError field={field} error={error} />
    </div>
  );
}

/** A choice of the function's values, named in the page's language; nothing picked at first. */
function SelectField<V extends string>(props: {
  field: keyof ConsentFields;
  label: string;
  error?: string;
  value: string;
  options: readonly V[];
  names: Readonly<Record<V, string>>;
  pick: string;
  onChange: (value: string) => void;
}) {
  const { field, label, error, value, options, names, pick, onChange } = props;
  return (
    <Field field={field} label={label} error={error}>
      <select {...control(field, error)} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{pick}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {names[option]}
          </option>
        ))}
      </select>
    </Field>
  );
}

type TextInputProps = {
  field: keyof ConsentFields;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  hint?: string;
  wide?: boolean;
  maxLength: number;
  type?: "text" | "tel";
  autoComplete: string;
  placeholder?: string;
  /** The ID's last four characters: letters and digits, shown in capitals. */
  last4?: boolean;
  /** A typed signature: drawn in the display face, as a signature reads. */
  signature?: boolean;
};

function TextInput({ field, label, value, error, onChange, hint, wide, maxLength, type = "text", autoComplete, placeholder, last4, signature }: TextInputProps) {
  const hintId = `${fieldId(field)}-hint`;
  const described = [hint ? hintId : "", error ? errorId(field) : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`contact-form__field${wide ? " contact-form__field--wide" : ""}`}>
      <label htmlFor={fieldId(field)}>{label}</label>
      <input
        {...control(field, error)}
        aria-describedby={described}
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={last4 ? "consent-last4" : signature ? "consent-signature" : undefined}
        {...(last4 ? { autoCapitalize: "characters", spellCheck: false } : {})}
        {...(signature ? { autoCapitalize: "words", spellCheck: false } : {})}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="consent-hint">
          {hint}
        </p>
      )}
      <FieldError field={field} error={error} />
    </div>
  );
}

function Check({
  field,
  checked,
  error,
  onChange,
  children,
}: {
  field: keyof ConsentFields;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="consent-check-field">
      <label className="consent-check">
        <input {...control(field, error)} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>{children}</span>
      </label>
      <FieldError field={field} error={error} />
    </div>
  );
}

/** Under 18: what Texas law requires and the studio's own rule, as the contact form shows them. */
function MinorRule({
  t,
  facts,
  minorsRule,
  refused,
  children,
}: {
  t: Strings;
  facts: BookingFacts;
  minorsRule: string | null;
  refused: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="contact-request__advice consent-minor contact-form__field--wide" aria-live="polite">
      <p className="contact-request__advice-title">{t.minor.title}</p>
      <ul>
        {facts.tattoo !== false && (
          <li>
            <strong>{t.minor.tattooLabel}</strong>
            {` ${t.minor.tattoo}`}
          </li>
        )}
        {facts.tattoo !== true && (
          <li>
            <strong>{t.minor.piercingLabel}</strong>
            {` ${t.minor.piercing}`}
          </li>
        )}
      </ul>
      {minorsRule && (
        <p className="contact-request__rule">
          <strong>{t.minor.studioRule}</strong> {minorsRule}
        </p>
      )}
      {!refused && children}
    </div>
  );
}
