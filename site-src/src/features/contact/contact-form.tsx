// The contact form (docs/contact.md), by concern: its fields (contact-fields.tsx), the tattoo
// request's questions (tattoo-request.tsx), a claimed flash design (contact-claim.tsx), the
// reference images (reference-images.tsx) and the sending (contact-submit.tsx). The form holds
// what the visitor chose and takes over what they did to the prerendered page.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useStrings } from "../../i18n/catalog";
import { contactFormStrings } from "../../i18n/parts/contact-form";
import { useSelectedArtist } from "../../lib/artists-store";
import type { FlashClaim } from "../../lib/flash-claim";
import { useSiteData } from "../../lib/use-site-data";
import { ClaimSlot, forgetClaim, storedClaim } from "./contact-claim";
import {
  ArtistField,
  BooksNotice,
  booksNotices,
  EmailField,
  EMPTY_FIELDS,
  MessageField,
  NameField,
  PhoneField,
  ServiceField,
  useFields,
  usePickedArtist,
} from "./contact-fields";
import { Outcome, PoliciesNote, SendButton, SpamTrap, useContactSubmit } from "./contact-submit";
import { ReferenceImagesField } from "./reference-images";
import { prerenderedChoices } from "./prerendered-form";
import { NO_ANSWERS, requestPayload, TattooRequestFields, type RequestAnswers } from "./tattoo-request";
import { useReferenceImages } from "./use-reference-images";

const CONSULTATION = "Tattoo Consultation";

/**
 * The service a link asks the form for, in its navigation's state ({ service }): "Book Your
 * Piercing" on /piercings asks for Piercing (features/piercings/piercings-screen.tsx). Only one
 * of the form's own choices counts.
 */
function askedService(state: unknown, services: string[]): string | null {
  const asked = (state as { service?: unknown } | null)?.service;
  return typeof asked === "string" && services.includes(asked) ? asked : null;
}

type Props = {
  /**
   * What the visitor did to the prerendered form before its code arrived (its section keeps
   * count, features/contact/contact-section.tsx): when they first touched it, whether they sent it.
   */
  beforeCode?: () => { touchedAt: number | null; sendAsked: boolean };
};

export function ContactForm({ beforeCode }: Props) {
  // The choices the contact function accepts, the first service the default (functions/contact/choices.json).
  const { services, noArtist, request, minorsRule, policiesVersion, privacyNotice } = useSiteData();
  const strings = useStrings(contactFormStrings);
  const t = strings.form;
  const [artistSlug, setArtistSlug] = useSelectedArtist();
  const picked = usePickedArtist(artistSlug);
  const id = useId();
  const { fields, setFields, bind } = useFields(id);
  const [service, setService] = useState(services[0]);
  const [answers, setAnswers] = useState<RequestAnswers>(NO_ANSWERS);
  // The request's questions are folded until the visitor unfolds them or claims a design.
  const [detailsOpen, setDetailsOpen] = useState(false);
  const location = useLocation();
  const images = useReferenceImages(strings.imageErrors);
  const form = useRef<HTMLFormElement>(null);
  const [sendTakenOver, setSendTakenOver] = useState(false);
  const [claim, setClaim] = useState<FlashClaim | null>(null);

  // The tattoo request's questions, for the services they are about (site data `request`).
  const asksRequest = request?.services.includes(service) ?? false;
  const { refusal, waitlist } = booksNotices(picked, service === CONSULTATION, t);

  const submission = useContactSubmit({
    strings,
    images,
    refusal,
    payload: (references) => ({
      ...fields,
      artist: picked.unavailable ? noArtist : artistSlug,
      service,
      references,
      flash: claim?.id,
      ...(asksRequest ? requestPayload(answers, { design: claim !== null }) : {}),
      ...(policiesVersion ? { policies_version: policiesVersion } : {}),
    }),
    onSent: () => {
      forgetClaim();
      setClaim(null);
      setFields(EMPTY_FIELDS);
      setService(services[0]);
      setAnswers(NO_ANSWERS);
      setDetailsOpen(false);
      setArtistSlug(noArtist);
    },
  });

  // The code arrives once the visitor comes near (contact-section.tsx); until then the page holds
  // the prerendered form. What was typed or picked in it is in the page, not in the state: take it
  // over, and the time they began (a message typed before is no faster for it), and send it if
  // they asked to (once the state has it).
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const early = beforeCode?.();
    // A claimed design comes with its artist and a consultation; what was picked by hand wins.
    const claimed = storedClaim();
    if (claimed) {
      setClaim(claimed);
      setArtistSlug(claimed.artist_id);
      setService(services.includes(CONSULTATION) ? CONSULTATION : services[0]);
      setDetailsOpen(true);
    }
    submission.startedBefore(early?.touchedAt ?? null);
    const before = prerenderedChoices(element, services[0], noArtist);
    if (before.fields) setFields(before.fields);
    if (before.service) setService(before.service);
    if (before.artist) setArtistSlug(before.artist);
    if (before.answers) setAnswers(before.answers);
    if (before.detailsOpen) setDetailsOpen(true);
    if (early?.sendAsked) setSendTakenOver(true);
  }, []); // once, when the form comes to life

  useEffect(() => {
    if (sendTakenOver) form.current?.requestSubmit();
  }, [sendTakenOver]);

  // A link that asks for a service (its navigation's state) picks it, when the form comes to life
  // after it and at each such navigation later.
  useEffect(() => {
    const asked = askedService(location.state, services);
    if (asked) setService(asked);
  }, [location.key]); // a new navigation, not a new render

  const removeClaim = () => {
    forgetClaim();
    setClaim(null);
    // The button goes with the design: focus the message the visitor goes on with.
    (form.current?.elements.namedItem("message") as HTMLElement | null)?.focus();
  };

  const { startClock } = submission;
  return (
    <form
      ref={form}
      className="contact-form"
      onSubmit={submission.submit}
      onFocusCapture={startClock}
      onInputCapture={startClock}
      onPointerDownCapture={startClock}
      aria-labelledby="contact-heading"
    >
      <div className="contact-form__grid">
        <NameField id={id} bind={bind} t={t} />
        <EmailField id={id} bind={bind} t={t} />
        <PhoneField id={id} bind={bind} t={t} />
        <ArtistField id={id} t={t} noArtist={noArtist} artistSlug={artistSlug} picked={picked} onArtist={setArtistSlug} />
        <ServiceField id={id} strings={strings} services={services} service={service} onService={setService} />
        <BooksNotice id={id} refusal={refusal} waitlist={waitlist} />
        {claim && <ClaimSlot claim={claim} onRemove={removeClaim} />}
        <MessageField id={id} bind={bind} t={t} />
        {/* After the message, folded: the form first reads as the spec draws it. */}
        {asksRequest && request && (
          <TattooRequestFields
            choices={request}
            answers={answers}
            onChange={setAnswers}
            minorsRule={minorsRule ?? null}
            open={detailsOpen}
            onToggle={setDetailsOpen}
            design={claim !== null}
          />
        )}
        <ReferenceImagesField
          id={`${id}-images`}
          images={images}
          // Said while there are images it may be about.
          error={images.items.length ? submission.imagesError : null}
        />
      </div>

      <SpamTrap id={id} label={t.trap} trap={submission.trap} />
      <SendButton sending={submission.sending} t={t} />
      <PoliciesNote policiesVersion={policiesVersion} privacyNotice={privacyNotice} t={t} />
      <Outcome status={submission.status} attempt={submission.attempt} outcome={submission.outcome} />
    </form>
  );
}
