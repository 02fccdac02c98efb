import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactForm } from "../../i18n/en/contact-form";
import { ArtistsProvider, useSelectedArtist } from "../../lib/artists-store";
import { testArtists } from "../../testing/artists";
import { deferred, jsonResponse, mockFetch } from "../../testing/fetch";
import { installSiteData, testSiteData } from "../../testing/site-data";
import { ContactSection } from "./contact-section";

let now = 1_000;

beforeEach(() => {
  now = 1_000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for an artist card's contact button (another feature, same shared store). */
function PickArtist({ slug }: { slug: string }) {
  const [, setSelected] = useSelectedArtist();
  return <button onClick={() => setSelected(slug)}>pick {slug}</button>;
}

/** The section, once its form (a chunk of its own) is there. */
async function renderContact() {
  const rendered = render(
    <MemoryRouter>
      <ArtistsProvider>
        <PickArtist slug="max-ink" />
        <ContactSection />
      </ArtistsProvider>
    </MemoryRouter>,
  );
  await screen.findByRole("button", { name: "Send Message" });
  return rendered;
}

const contactRoute = (answer: () => Response | Promise<Response>) => {
  const sent: Record<string, unknown>[] = [];
  const fetchMock = mockFetch({
    "/api/artists": () => jsonResponse(testArtists),
    "/api/contact": (init) => {
      expect(init?.method).toBe("POST");
      expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    },
  });
  return { sent, fetchMock };
};

const artistSelect = () => screen.getByLabelText("Artist") as HTMLSelectElement;
const serviceSelect = () => screen.getByLabelText("Service") as HTMLSelectElement;

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Ada Client");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText(/Phone/), "214 555 0199");
  await user.selectOptions(serviceSelect(), "Touch Up");
  await user.type(screen.getByLabelText("Tell us about your idea"), "A small swallow on the wrist.");
}

describe("ContactSection: studio details", () => {
  it("shows hours, notes, tappable phone and email, and the address from site data", async () => {
    contactRoute(() => jsonResponse({ success: true, message: "ok" }));
    await renderContact();
    const details = screen.getByRole("complementary", { name: "Studio hours and contact details" });
    expect(within(details).getByText("Monday - Thursday")).toBeInTheDocument();
    expect(within(details).getByText("Sunday").nextSibling).toHaveTextContent("12pm - 8pm");
    expect(within(details).getByText("Walk-ins welcome, appointments preferred.")).toBeInTheDocument();
    expect(within(details).getByText("Email responses within 24 hours.")).toBeInTheDocument();
    expect(within(details).getByRole("link", { name: "(214) 555-0100" })).toHaveAttribute("href", "tel:+12145550100");
    expect(within(details).getByRole("link", { name: "hello@studio.example" })).toHaveAttribute(
      "href",
      "mailto:hello@studio.example",
    );
    expect(within(details).getByText(/1 Test Road/)).toHaveTextContent(/^1 Test Road\s*Addison, TX 75001$/);
    await waitFor(() => expect(artistSelect()).toBeEnabled());
  });
});

describe("ContactSection: the form", () => {
  it("has the spec's fields with browser-level validation and service options", async () => {
    contactRoute(() => jsonResponse({ success: true, message: "ok" }));
    await renderContact();
    expect(screen.getByRole("heading", { level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toBeRequired();
    expect(screen.getByLabelText("Email")).toBeRequired();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/Phone/)).not.toBeRequired();
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText("Tell us about your idea")).toBeRequired();
    expect(within(serviceSelect()).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Tattoo Consultation",
      "Piercing",
      "Jewelry Change",
      "Touch Up",
      "Other",
    ]);
    expect(serviceSelect().value).toBe("Tattoo Consultation");
    await waitFor(() => expect(artistSelect()).toBeEnabled());
    expect(within(artistSelect()).getAllByRole("option").map((o) => [o.getAttribute("value"), o.textContent])).toEqual([
      ["na", "No Preference"],
      ["jane-doe", "Jane Doe"],
      ["max-ink", "Max Ink"],
      ["ray-sol", "Ray Sol"],
    ]);
    expect(artistSelect().value).toBe("na");
  });

  it("offers the services and the no-preference value the build put in the site data", async () => {
    installSiteData({ ...testSiteData, services: ["Piercing", "Other"], noArtist: "none" });
    contactRoute(() => jsonResponse({ success: true, message: "ok" }));
    await renderContact();
    expect(within(serviceSelect()).getAllByRole("option").map((o) => o.textContent)).toEqual(["Piercing", "Other"]);
    expect(serviceSelect().value).toBe("Piercing");
    await waitFor(() => expect(artistSelect()).toBeEnabled());
    expect(screen.getByRole("option", { name: "No Preference" })).toHaveValue("none");
    expect(artistSelect().value).toBe("none");
  });

  it("artist select reads 'Loading artists...' while loading and 'Unable to load artists' on failure", async () => {
    const answer = deferred<Response>();
    mockFetch({ "/api/artists": () => answer.promise });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await renderContact();
    expect(artistSelect()).toHaveDisplayValue("Loading artists...");
    answer.resolve(jsonResponse({}, 500));
    await waitFor(() => expect(artistSelect()).toHaveDisplayValue("Unable to load artists"));
    expect(within(artistSelect()).getAllByRole("option")).toHaveLength(1);
  });

  it("still sends, with no artist, when the artists could not be loaded", async () => {
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      "/api/artists": () => Promise.reject(new TypeError("Failed to fetch")),
      "/api/contact": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ success: true, message: "Received." });
      },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    await renderContact();
    await waitFor(() => expect(artistSelect()).toHaveDisplayValue("Unable to load artists"));
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Received.")).toBeInTheDocument();
    expect(sent[0].artist).toBe("na");
  });

  it("follows the artist picked elsewhere on the page", async () => {
    contactRoute(() => jsonResponse({ success: true, message: "ok" }));
    await renderContact();
    await waitFor(() => expect(artistSelect()).toBeEnabled());
    await userEvent.click(screen.getByRole("button", { name: "pick max-ink" }));
    expect(artistSelect()).toHaveDisplayValue("Max Ink");
  });

  it("sends the payload with the spam signals, shows 'Sending...', then the server's message and a cleared form", async () => {
    const answer = deferred<Response>();
    const { sent } = contactRoute(() => answer.promise);
    const user = userEvent.setup();
    await renderContact();
    await waitFor(() => expect(artistSelect()).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "pick max-ink" }));
    await fillForm(user);
    now = 1_000 + 42_500; // the visitor took 42.5 s
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const sending = screen.getByRole("button", { name: "Sending..." });
    expect(sending).toBeDisabled();
    expect(sent).toEqual([
      {
        name: "Ada Client",
        email: "ada@example.com",
        phone: "214 555 0199",
        artist: "max-ink",
        service: "Touch Up",
        message: "A small swallow on the wrist.",
        policies_version: "0123456789abcdef",
        website: "",
        elapsed_ms: 42_500,
      },
    ]);
    // A second click while sending sends nothing more.
    await user.click(sending);
    expect(sent).toHaveLength(1);

    answer.resolve(jsonResponse({ success: true, message: "Thanks Ada, we will reply within 24 hours." }));
    const outcome = await screen.findByText("Thanks Ada, we will reply within 24 hours.");
    expect(outcome.closest('[role="status"]')).not.toBeNull();
    expect(outcome).toHaveClass("contact-form__message--sent");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText(/Phone/)).toHaveValue("");
    expect(screen.getByLabelText("Tell us about your idea")).toHaveValue("");
    expect(artistSelect().value).toBe("na");
    expect(serviceSelect().value).toBe("Tattoo Consultation");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  const { failed: SEND_FAILED, unreachable: SEND_UNREACHABLE } = contactForm.send;
  it.each([
    ["the server's error text", () => jsonResponse({ success: false, error: "Please enter a valid email address." }, 400), "Please enter a valid email address."],
    ["the generic text when the answer has no error text", () => jsonResponse({ success: false }, 500), SEND_FAILED],
    ["the generic text when success is missing", () => jsonResponse({ message: "odd" }), SEND_FAILED],
    ["'contact us directly' on a network failure", () => Promise.reject(new TypeError("Failed to fetch")), SEND_UNREACHABLE],
    ["'contact us directly' when the answer is not JSON", () => new Response("<h1>Bad gateway</h1>", { status: 502 }), SEND_UNREACHABLE],
  ])("shows %s in red and keeps what was typed", async (_case, answer, text) => {
    contactRoute(answer as () => Response | Promise<Response>);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    await renderContact();
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(text);
    expect(alert.textContent).toBe(text);
    expect(alert).toHaveClass("contact-form__message--failed");
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Client");
    expect(screen.getByLabelText("Tell us about your idea")).toHaveValue("A small swallow on the wrist.");
    expect(serviceSelect().value).toBe("Touch Up");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("keeps the honeypot away from people and assistive technology but sends what a robot typed", async () => {
    const { sent } = contactRoute(() => jsonResponse({ success: true, message: "ok" }));
    const user = userEvent.setup();
    const { container } = await renderContact();
    const trap = container.querySelector<HTMLInputElement>(".contact-form__trap input")!;
    expect(trap).not.toBeNull();
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(trap.closest("[inert]")).not.toBeNull(); // never focused, by any means
    expect(trap).toHaveAttribute("tabindex", "-1");
    // No name, id or autocomplete token a browser's or password manager's autofill knows.
    expect(trap).toHaveAttribute("autocomplete", "off");
    expect(`${trap.name} ${trap.id}`).not.toMatch(/web|url|site|name|mail|phone|tel|addr|company/i);
    expect(screen.queryByRole("textbox", { name: /leave this field empty/i })).not.toBeInTheDocument();
    await fillForm(user);
    trap.value = "http://spam.example";
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("ok");
    expect(sent[0].website).toBe("http://spam.example");
    expect(trap.value).toBe("");
  });

  it("times the filling from the first touch of the form, not from when the page appeared", async () => {
    const { sent } = contactRoute(() => jsonResponse({ success: true, message: "ok" }));
    const user = userEvent.setup();
    await renderContact();
    now += 600_000; // the page sat open for ten minutes
    await user.click(screen.getByLabelText("Name")); // the first touch starts the clock
    now += 2_000;
    await fillForm(user);
    now += 1_500;
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("ok");
    now += 30_000; // the next message is timed afresh from its own first touch
    await user.type(screen.getByLabelText("Name"), "Bo");
    now += 8_000;
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((body) => body.elapsed_ms)).toEqual([3_500, 8_000]);
  });

  it("is never reached by the Tab key", async () => {
    contactRoute(() => jsonResponse({ success: true, message: "ok" }));
    const user = userEvent.setup();
    const { container } = await renderContact();
    await waitFor(() => expect(artistSelect()).toBeEnabled());
    const trap = container.querySelector(".contact-form__trap input");
    const reached: Element[] = [];
    for (let i = 0; i < 30; i++) {
      await user.tab();
      if (document.activeElement) reached.push(document.activeElement);
    }
    expect(reached).toContain(screen.getByRole("button", { name: "Send Message" }));
    expect(reached).not.toContain(trap);
  });
});

describe("a navigation to the form (issue #44)", () => {
  function renderAt(entry: { pathname: string; hash: string; state?: unknown }) {
    contactRoute(() => jsonResponse({ success: true, message: "Thanks!" }));
    return render(
      <MemoryRouter initialEntries={[entry]}>
        <ArtistsProvider>
          <ContactSection />
        </ArtistsProvider>
      </MemoryRouter>,
    );
  }

  it("Book Your Piercing's navigation picks Piercing; the default stays the first service otherwise", async () => {
    renderAt({ pathname: "/piercings", hash: "#contact", state: { service: "Piercing" } });
    await screen.findByRole("button", { name: "Send Message" });
    await waitFor(() => expect(serviceSelect()).toHaveValue("Piercing"));
  });

  it("a service the form does not offer is ignored", async () => {
    renderAt({ pathname: "/", hash: "#contact", state: { service: "Tongue splitting" } });
    await screen.findByRole("button", { name: "Send Message" });
    expect(serviceSelect()).toHaveValue(testSiteData.services[0]);
  });

  it("the section it aims at shows at once (no fade-in) and asks for the form's code without waiting to come near", async () => {
    const { container } = renderAt({ pathname: "/", hash: "#contact" });
    // Found without the section ever coming near the window (no IntersectionObserver report).
    await screen.findByRole("button", { name: "Send Message" });
    expect(container.querySelectorAll("#contact [data-aos]")).toHaveLength(0);
  });
});
