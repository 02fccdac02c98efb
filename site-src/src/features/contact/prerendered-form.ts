// What the visitor typed or picked in the prerendered contact form before its code came
// (contact-section.tsx loads it once they come near): it is in the page, not in the form's state,
// and the form takes it over when it comes to life (contact-form.tsx).
import type { Fields } from "./contact-fields";
import { answered, answersIn, type RequestAnswers } from "./tattoo-request";

type Before = { fields?: Fields; service?: string; artist?: string; answers?: RequestAnswers; detailsOpen: boolean };

/** Only what differs from the form's defaults: the first service, no artist, nothing typed. */
export function prerenderedChoices(element: HTMLFormElement, defaultService: string, noArtist: string): Before {
  const typed = (name: string) => {
    const control = element.elements.namedItem(name);
    return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement
      ? control.value
      : "";
  };
  const fields = { name: typed("name"), email: typed("email"), phone: typed("phone"), message: typed("message") };
  const service = typed("service");
  const artist = typed("artist");
  const answers = answersIn(element);
  return {
    ...(Object.values(fields).some(Boolean) ? { fields } : {}),
    ...(service && service !== defaultService ? { service } : {}),
    ...(artist && artist !== noArtist ? { artist } : {}),
    ...(answered(answers) ? { answers } : {}),
    // Unfolded on the prerendered page before the code came: it stays unfolded.
    detailsOpen: element.querySelector("details.contact-request[open]") !== null,
  };
}
