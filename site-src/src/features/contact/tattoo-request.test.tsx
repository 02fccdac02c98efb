// The contact form's tattoo request (issue #27): the optional questions for Tattoo Consultation and
// Touch Up, the under-18 advice, the artist's books, the policies line, and what the form sends.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArtistsProvider } from "../../lib/artists-store";
import { testArtist } from "../../testing/artists";
import { jsonResponse, mockFetch } from "../../testing/fetch";
import { installSiteData, testSiteData } from "../../testing/site-data";
import { ContactSection } from "./contact-section";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const artists = [
  testArtist("jane-doe", "Jane Doe"),
  testArtist("max-ink", "Max Ink", { books: "waitlist", books_note: "Next openings in May" }),
  testArtist("ray-sol", "Ray Sol", { books: "closed", books_note: "Books open again in March" }),
  testArtist("lee-ash", "Lee Ash", { books: "closed" }),
];

function route(answer: () => Response = () => jsonResponse({ success: true, message: "Thanks, we got it." })) {
  const sent: Record<string, unknown>[] = [];
  const fetchMock = mockFetch({
    "/api/artists": () => jsonResponse(artists),
    "/api/contact": (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    },
  });
  return { sent, fetchMock };
}

async function renderForm() {
  render(
    <MemoryRouter>
      <ArtistsProvider>
        <ContactSection />
      </ArtistsProvider>
    </MemoryRouter>,
  );
  await screen.findByRole("button", { name: "Send Message" });
  await waitFor(() => expect(screen.getByLabelText("Artist")).toBeEnabled());
}

const requestGroup = () => screen.queryByRole("group", { name: "About your tattoo" });
const detailsToggle = () => screen.getByText("Add details", { exact: false, selector: "summary" });

/** Unfold the questions, as a visitor does with "Add details (optional)". */
async function openDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(detailsToggle());
  await waitFor(() => expect(detailsToggle().closest("details")).toHaveAttribute("open"));
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Ada Client");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Tell us about your idea"), "A fine line swallow.");
}

describe("the tattoo request's questions", () => {
  it("are folded behind one control, after the message, until the visitor unfolds them (issue #44)", async () => {
    route();
    const user = userEvent.setup();
    await renderForm();
    const toggle = detailsToggle();
    expect(toggle).toHaveTextContent("Add details (optional)");
    const details = toggle.closest("details")!;
    expect(details).not.toHaveAttribute("open");
    // The form reads as the spec draws it: the message comes before the optional questions.
    const message = screen.getByLabelText("Tell us about your idea");
    expect(message.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The message does not ask again what the questions ask.
    expect(message.getAttribute("placeholder")).not.toMatch(/placement|size|when/i);
    await openDetails(user);
    await user.click(detailsToggle());
    await waitFor(() => expect(details).not.toHaveAttribute("open"));
  });

  it("appear only for Tattoo Consultation and Touch Up, all optional, in labelled groups", async () => {
    route();
    const user = userEvent.setup();
    await renderForm();
    const service = screen.getByLabelText("Service");
    expect(requestGroup()).toBeInTheDocument(); // the default service is a consultation
    await openDetails(user);
    const group = requestGroup()!;
    expect(within(group).getByLabelText("Placement")).not.toBeRequired();
    expect(within(group).getAllByRole("option", { name: "Behind the ear" })).toHaveLength(1);
    expect(within(group).getByLabelText("Approximate size")).toBeInTheDocument();
    expect(within(group).getByLabelText("Budget")).toBeInTheDocument();
    expect(
      within(within(group).getByRole("group", { name: "Color or black and gray" }))
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent),
    ).toEqual(["Color", "Black and gray"]);
    expect(within(group).getByRole("group", { name: "When are you free?" })).toBeInTheDocument();
    expect(within(group).getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual([
      "Weekday daytime",
      "Weekday evening",
      "Weekend",
    ]);
    expect(within(group).getByRole("group", { name: "First tattoo?" })).toBeInTheDocument();
    expect(within(group).getByRole("radio", { name: "18 or older" })).toBeInTheDocument();
    for (const control of [...within(group).getAllByRole("radio"), ...within(group).getAllByRole("checkbox")]) {
      expect(control).not.toBeRequired();
    }

    for (const [option, shown] of [
      ["Piercing", false],
      ["Jewelry Change", false],
      ["Touch Up", true],
      ["Other", false],
      ["Tattoo Consultation", true],
    ] as const) {
      await user.selectOptions(service, option);
      expect(Boolean(requestGroup()), option).toBe(shown);
    }
  });

  it("says what Texas law requires, then the studio's rule, once 'Under 18' is chosen", async () => {
    route();
    const user = userEvent.setup();
    await renderForm();
    expect(screen.queryByText(/what Texas law requires/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Under 18" }));
    const advice = screen.getByText(/what Texas law requires/).parentElement!;
    expect(advice).toHaveTextContent(/Tattoo: only to cover an existing tattoo, with a parent or legal guardian present with ID\./);
    expect(advice).toHaveTextContent(/Piercing: a parent or legal guardian present with ID\./);
    expect(advice).toHaveTextContent(`Our studio: ${testSiteData.minorsRule}`);
    expect(advice.closest("[aria-live]")).not.toBeNull();
    await user.click(screen.getByRole("radio", { name: "18 or older" }));
    expect(screen.queryByText(/what Texas law requires/)).not.toBeInTheDocument();
  });

  it("leaves the studio's line out when the site has no rule of its own", async () => {
    installSiteData({ ...testSiteData, minorsRule: null });
    route();
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole("radio", { name: "Under 18" }));
    expect(screen.getByText(/what Texas law requires/)).toBeInTheDocument();
    expect(screen.queryByText(/Our studio/)).not.toBeInTheDocument();
  });

  it("sends the answered questions with the exact strings of the lists, and the policies' version", async () => {
    const { sent } = route();
    const user = userEvent.setup();
    await renderForm();
    await fillRequired(user);
    await openDetails(user);
    const group = requestGroup()!;
    await user.selectOptions(within(group).getByLabelText("Placement"), "Forearm");
    await user.selectOptions(within(group).getByLabelText("Approximate size"), "Full sleeve / back piece");
    await user.selectOptions(within(group).getByLabelText("Budget"), "$500 to $1,000");
    await user.click(within(group).getByRole("radio", { name: "Black and gray" }));
    await user.click(within(group).getByRole("checkbox", { name: "Weekend" }));
    await user.click(within(group).getByRole("checkbox", { name: "Weekday evening" }));
    await user.click(within(group).getByRole("checkbox", { name: "Weekday daytime" }));
    await user.click(within(group).getByRole("checkbox", { name: "Weekday daytime" })); // changed their mind
    await user.click(within(group).getByRole("radio", { name: "Yes" }));
    await user.click(within(group).getByRole("radio", { name: "18 or older" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Thanks, we got it.");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      service: "Tattoo Consultation",
      placement: "Forearm",
      size: "Full sleeve / back piece",
      budget: "$500 to $1,000",
      colour: "black-and-grey",
      availability: ["Weekday evening", "Weekend"],
      first_tattoo: true,
      age: "18+",
      policies_version: "0123456789abcdef",
    });
    // Sent: the answers are cleared with the rest of the form.
    expect(within(requestGroup()!).getByLabelText("Placement")).toHaveValue("");
    expect(within(requestGroup()!).getByRole("radio", { name: "Yes" })).not.toBeChecked();
  });

  it("sends only what was answered (first_tattoo false is an answer), and none of it for other services", async () => {
    const { sent } = route();
    const user = userEvent.setup();
    await renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole("radio", { name: "No" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Thanks, we got it.");
    expect(Object.keys(sent[0]).sort()).toEqual(
      ["name", "email", "phone", "artist", "service", "message", "first_tattoo", "policies_version", "website", "elapsed_ms"].sort(),
    );
    expect(sent[0].first_tattoo).toBe(false);

    // Answered, then a piercing picked: the tattoo answers stay out of it.
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText("Placement"), "Neck");
    await user.click(screen.getByRole("radio", { name: "Under 18" }));
    await user.selectOptions(screen.getByLabelText("Service"), "Piercing");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    for (const key of ["placement", "size", "colour", "budget", "availability", "first_tattoo", "age"]) {
      expect(sent[1]).not.toHaveProperty(key);
    }
    expect(sent[1]).toMatchObject({ service: "Piercing", policies_version: "0123456789abcdef" });
  });

  it("sends no policies_version when the site publishes no policies, and then shows no policies line", async () => {
    installSiteData({ ...testSiteData, policiesVersion: null, privacyNotice: false });
    const { sent } = route();
    const user = userEvent.setup();
    await renderForm();
    expect(screen.queryByText(/By sending, you agree/)).not.toBeInTheDocument();
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty("policies_version");
  });
});

describe("the policies line", () => {
  it("sits under Send and links the policies, with no checkbox to tick", async () => {
    route();
    await renderForm();
    const line = screen.getByText(/By sending, you agree to our/);
    expect(line).toHaveTextContent("By sending, you agree to our policies");
    const link = within(line).getByRole("link", { name: /^policies ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute("href", "/policies");
    expect(link).toHaveAttribute("target", "_blank"); // what was typed stays in the form
    const send = screen.getByRole("button", { name: "Send Message" });
    expect(send.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: /polic/i })).not.toBeInTheDocument();
  });

  it("names the policies and the privacy notice, each a link in a new tab (docs/privacy.md)", async () => {
    route();
    await renderForm();
    const line = screen.getByText(/By sending, you agree to our/);
    const privacy = within(line).getByRole("link", { name: /^privacy notice ?\(opens in a new tab\)$/ });
    expect(privacy).toHaveAttribute("href", "/privacy");
    expect(privacy).toHaveAttribute("target", "_blank");
    expect(line.textContent!.replaceAll(/ ?\(opens in a new tab\)/g, "")).toBe(
      "By sending, you agree to our policies and privacy notice",
    );
  });

  it("without a privacy notice names only the policies; without policies only the notice", async () => {
    installSiteData({ ...testSiteData, privacyNotice: false });
    route();
    await renderForm();
    let line = screen.getByText(/By sending, you agree to our/);
    expect(line.textContent!.replaceAll(/ ?\(opens in a new tab\)/g, "")).toBe("By sending, you agree to our policies");
    expect(within(line).getAllByRole("link")).toHaveLength(1);
    cleanup();

    installSiteData({ ...testSiteData, policiesVersion: null });
    await renderForm();
    line = screen.getByText(/By sending, you agree to our/);
    expect(line.textContent!.replaceAll(/ ?\(opens in a new tab\)/g, "")).toBe("By sending, you agree to our privacy notice");
    expect(within(line).getByRole("link")).toHaveAttribute("href", "/privacy");
  });
});

describe("the artist's books in the form", () => {
  it("shows the status and the note under the artist select, for that artist only", async () => {
    route();
    const user = userEvent.setup();
    await renderForm();
    const artist = screen.getByLabelText("Artist");
    expect(screen.queryByText("Books closed")).not.toBeInTheDocument();
    await user.selectOptions(artist, "ray-sol");
    const status = screen.getByText("Books closed").parentElement!;
    expect(status).toHaveTextContent("Books open again in March");
    expect(artist).toHaveAccessibleDescription("Books closed Books open again in March");
    await user.selectOptions(artist, "max-ink");
    expect(screen.getByText("Waitlist").parentElement).toHaveTextContent("Next openings in May");
    await user.selectOptions(artist, "jane-doe");
    expect(screen.queryByText("Waitlist")).not.toBeInTheDocument();
    expect(artist).not.toHaveAttribute("aria-describedby");
  });

  it("refuses a consultation with a closed-books artist before sending, naming the artist and the note", async () => {
    const { sent, fetchMock } = route();
    const user = userEvent.setup();
    await renderForm();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText("Artist"), "ray-sol");
    const notice = screen.getByText(/Ray Sol's books are closed/);
    expect(notice).toHaveTextContent("Ray Sol's books are closed (Books open again in March)");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/Ray Sol's books are closed \(Books open again in March\)/);
    expect(sent).toHaveLength(0);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/contact"))).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Client"); // nothing typed is lost

    // Without a note the refusal still names the artist.
    await user.selectOptions(screen.getByLabelText("Artist"), "lee-ash");
    expect(screen.getByText("Lee Ash's books are closed. You can still ask them about a touch-up or piercing, or choose another artist.")).toBeInTheDocument();

    // A piercing still reaches the artist.
    await user.selectOptions(screen.getByLabelText("Artist"), "ray-sol");
    await user.selectOptions(screen.getByLabelText("Service"), "Piercing");
    expect(screen.queryByText(/books are closed/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Thanks, we got it.");
    expect(sent).toEqual([expect.objectContaining({ artist: "ray-sol", service: "Piercing" })]);
  });

  it("says a consultation with a waitlisted artist goes on the waitlist, and sends it", async () => {
    const { sent } = route();
    const user = userEvent.setup();
    await renderForm();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText("Artist"), "max-ink");
    expect(screen.getByText(/Max Ink has a waitlist \(Next openings in May\): your request goes on the waitlist\./)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Thanks, we got it.");
    expect(sent[0]).toMatchObject({ artist: "max-ink", service: "Tattoo Consultation" });
  });

  it("shows the function's refusal like any other error", async () => {
    route(() => jsonResponse({ success: false, error: "Ray Sol's books are closed: Books open again in March." }, 400));
    const user = userEvent.setup();
    await renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Send Message" })); // the form knew nothing of it
    expect(await screen.findByRole("alert")).toHaveTextContent("Ray Sol's books are closed: Books open again in March.");
  });
});
