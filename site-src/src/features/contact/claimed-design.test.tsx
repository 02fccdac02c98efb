// The contact form with a flash design claimed on the Flash screen (lib/flash-claim.ts).
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { ArtistsProvider } from "../../lib/artists-store";
import { FLASH_CLAIM_KEY, saveClaim } from "../../lib/flash-claim";
import { testArtists } from "../../testing/artists";
import { jsonResponse, mockFetch } from "../../testing/fetch";
import { design } from "../../testing/flash";
import { ContactSection } from "./contact-section";

const maxFlash = design("eagle", "Eagle", testArtists[1], { size: "5 in", price: 1200 });

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function contactApi(answer: () => Response) {
  const sent: Record<string, unknown>[] = [];
  mockFetch({
    "/api/artists": () => jsonResponse(testArtists),
    "/api/contact": (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    },
  });
  return sent;
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
}

const claimed = () => screen.queryByRole("group", { name: "Eagle" });

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Ada Client");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Tell us about your idea"), "Left forearm, any Friday.");
  await user.click(screen.getByRole("button", { name: "Send Message" }));
}

describe("ContactForm: a claimed flash design", () => {
  it("shows the design above the message, with its artist and a consultation picked, and sends its id as flash", async () => {
    saveClaim(maxFlash);
    const sent = contactApi(() => jsonResponse({ success: true, message: "Thanks!" }));
    await renderForm();
    const group = await screen.findByRole("group", { name: "Eagle" });
    expect(group).toHaveTextContent("5 in · $1,200 · Max Ink");
    expect(within(group).getByRole("img", { name: "Eagle" })).toHaveAttribute("src", "/images/flash/eagle.jpg");
    // Above the message.
    const message = screen.getByLabelText("Tell us about your idea");
    expect(group.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText("Artist")).toHaveValue("max-ink"));
    expect(screen.getByLabelText("Service")).toHaveValue("Tattoo Consultation");

    await fillAndSend(userEvent.setup());
    await screen.findByText("Thanks!");
    expect(sent[0]).toMatchObject({ flash: "max-ink/eagle", artist: "max-ink", service: "Tattoo Consultation" });
    // Sent: the claim is spent.
    expect(claimed()).toBeNull();
    expect(sessionStorage.getItem(FLASH_CLAIM_KEY)).toBeNull();
  });

  it("unfolds the request's questions without those the design fixes, and sends none of them (issue #44)", async () => {
    saveClaim(maxFlash);
    const sent = contactApi(() => jsonResponse({ success: true, message: "Thanks!" }));
    await renderForm();
    await screen.findByRole("group", { name: "Eagle" });
    const questions = screen.getByRole("group", { name: "About your tattoo" });
    await waitFor(() => expect(questions.closest("details")).toHaveAttribute("open"));
    expect(within(questions).getByLabelText("Placement")).toBeInTheDocument();
    // The design has its size and its price: not asked again.
    expect(within(questions).queryByLabelText("Approximate size")).toBeNull();
    expect(within(questions).queryByLabelText("Budget")).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(within(questions).getByLabelText("Placement"), "Forearm");
    await fillAndSend(user);
    await screen.findByText("Thanks!");
    expect(sent[0]).toMatchObject({ flash: "max-ink/eagle", placement: "Forearm" });
    expect(sent[0]).not.toHaveProperty("size");
    expect(sent[0]).not.toHaveProperty("budget");
  });

  it("Remove takes the design off the form and out of the payload", async () => {
    saveClaim(maxFlash);
    const sent = contactApi(() => jsonResponse({ success: true, message: "Thanks!" }));
    await renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove Eagle" }));
    expect(claimed()).toBeNull();
    expect(sessionStorage.getItem(FLASH_CLAIM_KEY)).toBeNull();
    expect(screen.getByLabelText("Tell us about your idea")).toHaveFocus();
    await fillAndSend(user);
    await screen.findByText("Thanks!");
    expect(sent[0]).not.toHaveProperty("flash");
  });

  it("keeps the design when the function refuses it, and shows why", async () => {
    saveClaim(maxFlash);
    contactApi(() => jsonResponse({ success: false, error: "Eagle has been claimed." }, 400));
    await renderForm();
    await screen.findByRole("group", { name: "Eagle" });
    await fillAndSend(userEvent.setup());
    expect(await screen.findByRole("alert")).toHaveTextContent("Eagle has been claimed.");
    expect(claimed()).not.toBeNull();
  });

  it("a 409 (another visitor's claim holds the design) shows as a 400 does and keeps everything typed", async () => {
    saveClaim(maxFlash);
    const held = "Someone has just claimed this design. Please pick another design on the Flash page.";
    contactApi(() => jsonResponse({ success: false, error: held, fields: { flash: held } }, 409));
    await renderForm();
    await screen.findByRole("group", { name: "Eagle" });
    await fillAndSend(userEvent.setup());
    expect(await screen.findByRole("alert")).toHaveTextContent(held);
    expect(claimed()).not.toBeNull();
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Client");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Tell us about your idea")).toHaveValue("Left forearm, any Friday.");
  });

  it("without a claim: no design, no flash in the payload", async () => {
    const sent = contactApi(() => jsonResponse({ success: true, message: "Thanks!" }));
    await renderForm();
    expect(document.querySelector(".claimed-design")).toBeNull();
    await fillAndSend(userEvent.setup());
    await screen.findByText("Thanks!");
    expect(sent[0]).not.toHaveProperty("flash");
  });

  it("says whose design it is when another artist is picked", async () => {
    saveClaim(maxFlash);
    contactApi(() => jsonResponse({ success: true, message: "Thanks!" }));
    await renderForm();
    const group = await screen.findByRole("group", { name: "Eagle" });
    await waitFor(() => expect(screen.getByLabelText("Artist")).toHaveValue("max-ink"));
    expect(group).not.toHaveTextContent("custom piece");
    await userEvent.selectOptions(screen.getByLabelText("Artist"), "jane-doe");
    expect(group).toHaveTextContent("Max Ink drew this design and tattoos it; Jane Doe can draw you a custom piece instead.");
  });
});
