import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetPageDataCache } from "../../lib/page-data";
import { jsonResponse, mockFetch } from "../../testing/fetch";
import ConsentScreen from "./consent-screen";
import { forgetToken } from "./link-token";

// The page against a stand-in function (the real one: tests/browser/test_consent.py): the token
// read once and taken out of the address, the link checked first, the form checked before it
// goes, a 400's fields beside their fields, a refused link above with no form.
const TEXT = {
  intro: "Please read this form carefully.",
  sections: [
    {
      title: "Health questions",
      markdown: "",
      questions: [
        { id: "diabetes", text: "Do you have diabetes?" },
        { id: "pregnant", text: "Are you pregnant or breastfeeding?" },
      ],
    },
    { title: "Risks", markdown: "- **Infection**, if the area is not kept clean.", questions: [] },
  ],
};
const TOKEN = "0123456789abcdef0123456789abcdef.2000000000.feed";
const OPEN = { success: true, tattoo: true, minors_cover_ups: false, today: "2026-11-28", timezone: "America/Chicago" };

type Post = Record<string, unknown>;

function serve(answer: (body: Post) => [unknown, number]) {
  const posts: Post[] = [];
  const fetch = mockFetch({
    "/api/consent.json": () => jsonResponse(TEXT),
    "/api/consent": (init) => {
      const body = JSON.parse(String(init?.body)) as Post;
      posts.push(body);
      const [reply, status] = answer(body);
      return jsonResponse(reply, status);
    },
  });
  return { fetch, posts };
}

function open(address = `/consent?t=${TOKEN}`) {
  window.history.replaceState(null, "", address);
  return render(
    <MemoryRouter initialEntries={["/consent"]}>
      <ConsentScreen />
    </MemoryRouter>,
  );
}

async function fillAdult(user: ReturnType<typeof userEvent.setup>, dob = "1990-04-23") {
  await user.type(screen.getByLabelText("Legal name"), "Ana López");
  // A date input takes its value as YYYY-MM-DD.
  await user.type(screen.getByLabelText("Date of birth"), dob);
  await user.selectOptions(screen.getByLabelText("Photo ID you will show"), "drivers_license");
  await user.type(screen.getByLabelText("Last four characters of the ID"), "a1b2");
  await user.type(screen.getByLabelText("Their name"), "Rosa López");
  await user.type(screen.getByLabelText("Their phone"), "214 555 0100");
  for (const question of ["Do you have diabetes?", "Are you pregnant or breastfeeding?"]) {
    await user.click(within(screen.getByRole("group", { name: question })).getByRole("radio", { name: "No" }));
  }
  await user.click(screen.getByLabelText("I have read the risks above and understand them."));
  await user.click(screen.getByLabelText("I have received, read and understood the written aftercare instructions."));
  await user.type(screen.getByLabelText("Signature: type your full name"), "ana  lópez");
  await user.click(screen.getByLabelText(/I sign this consent form electronically/));
}

beforeEach(() => {
  forgetToken();
  // jsdom lays nothing out, so it has no scrollIntoView; the form brings a field into view with it.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  resetPageDataCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

describe("ConsentScreen", () => {
  it("takes the token out of the address, checks the link, and signs an adult's form", async () => {
    const user = userEvent.setup();
    const errors = vi.spyOn(console, "error");
    const { posts } = serve((body) =>
      body.check ? [OPEN, 200] : [{ success: true, message: "Thank you: signed.", signed_at: "2026-11-28T20:15:00+00:00" }, 200],
    );
    open(`/consent?t=${TOKEN}&utm=mail#top`);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe("/consent?utm=mail#top");
    expect(posts[0]).toEqual({ token: TOKEN, check: true, lang: "en" });
    expect(await screen.findByRole("heading", { level: 2, name: "Health questions" })).toBeInTheDocument();
    // The service's guide: a tattoo's.
    expect(screen.getByRole("link", { name: /Read the aftercare guide/ })).toHaveAttribute("href", "/aftercare#aftercare-tattoo");

    await fillAdult(user);
    await user.click(screen.getByRole("button", { name: "Sign the form" }));
    expect(await screen.findByText("Thank you: signed.")).toBeInTheDocument();
    expect(screen.getByText(/Signed on November 28, 2026/)).toHaveTextContent(/2:15\sPM CST/);
    expect(posts[1]).toMatchObject({ token: TOKEN, lang: "en", name: "Ana López", dob: "1990-04-23", signature: "ana  lópez" });
    expect(posts[1].answers).toEqual({ diabetes: false, pregnant: false });
    expect(posts[1]).not.toHaveProperty("guardian_name");
    expect(screen.queryByRole("button", { name: "Sign the form" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "What happens next" })).toBeInTheDocument();
    // The token is in no log.
    expect(JSON.stringify(errors.mock.calls)).not.toContain(TOKEN);
  });

  it("reads a token from the fragment too", async () => {
    const { posts } = serve(() => [OPEN, 200]);
    open(`/consent#t=${TOKEN}`);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].token).toBe(TOKEN);
    expect(window.location.hash).toBe("");
  });

  it("checks the form first: the problems beside their fields, the first focused, nothing posted", async () => {
    const user = userEvent.setup();
    const { posts } = serve(() => [OPEN, 200]);
    open();
    await waitFor(() => expect(posts).toHaveLength(1));
    await screen.findByRole("heading", { level: 2, name: "Health questions" });
    await user.type(screen.getByLabelText("Legal name"), "Ana López");
    await user.click(screen.getByRole("button", { name: "Sign the form" }));
    const dob = screen.getByLabelText("Date of birth");
    expect(dob).toHaveFocus();
    expect(dob).toHaveAttribute("aria-invalid", "true");
    expect(dob).toHaveAccessibleDescription("Please enter your date of birth as year-month-day, for example 1990-04-23.");
    // Beside the first question left unanswered, and in the list above the button.
    expect(document.getElementById("consent-answers-error")).toHaveTextContent("Please answer every health question.");
    expect(screen.getByRole("group", { name: "Do you have diabetes?" })).toHaveAccessibleDescription(
      "Please answer every health question.",
    );
    expect(screen.getByRole("alert")).toHaveTextContent("10 answers need your attention:");
    expect(posts).toHaveLength(1);
    // A problem goes as soon as its field changes.
    await user.type(dob, "1990-04-23");
    expect(dob).not.toHaveAttribute("aria-invalid");
  });

  it("shows the guardian's part under 18 for a piercing, and refuses a minor's tattoo before sending", async () => {
    const user = userEvent.setup();
    const { posts } = serve((body) => (body.check ? [{ ...OPEN, tattoo: false }, 200] : [{}, 500]));
    const { unmount } = open();
    await waitFor(() => expect(posts).toHaveLength(1));
    await screen.findByRole("heading", { level: 2, name: "Health questions" });
    expect(screen.queryByRole("group", { name: "Parent or guardian" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Date of birth"), "2010-01-15");
    expect(screen.getByText("Under 18: what Texas law requires")).toBeInTheDocument();
    expect(screen.getByText(/We pierce 16- and 17-year-olds/)).toBeInTheDocument();
    expect(screen.queryByText("Tattoo:")).not.toBeInTheDocument();
    const guardian = screen.getByRole("group", { name: "Parent or guardian" });
    expect(within(guardian).getByLabelText("Relationship to the client")).toBeInTheDocument();
    expect(within(guardian).getByLabelText("Their signature: type their full name")).toBeInTheDocument();
    unmount();

    forgetToken();
    const tattoo = serve(() => [OPEN, 200]);
    open();
    await waitFor(() => expect(tattoo.posts).toHaveLength(1));
    await screen.findByRole("heading", { level: 2, name: "Health questions" });
    await fillAdult(user, "2010-01-15");
    const dob = screen.getByLabelText("Date of birth");
    expect(dob).toHaveAccessibleDescription(/this studio does not tattoo anyone under 18/);
    expect(screen.queryByRole("group", { name: "Parent or guardian" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign the form" }));
    expect(dob).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent(/this studio does not tattoo anyone under 18/);
    expect(tattoo.posts).toHaveLength(1); // the check only
  });

  it("shows a 400's fields beside their fields", async () => {
    const user = userEvent.setup();
    const { posts } = serve((body) =>
      body.check ? [OPEN, 200] : [{ success: false, error: "Invalid.", fields: { id_last4: "Not those four." } }, 400],
    );
    open();
    await waitFor(() => expect(posts).toHaveLength(1));
    await screen.findByRole("heading", { level: 2, name: "Health questions" });
    await fillAdult(user);
    await user.click(screen.getByRole("button", { name: "Sign the form" }));
    const last4 = screen.getByLabelText("Last four characters of the ID");
    await waitFor(() => expect(last4).toHaveFocus());
    expect(last4).toHaveAccessibleDescription(/Not those four\./);
  });

  it.each([
    [404, "This link is not valid."],
    [409, "This consent form was signed already (Nov 28)."],
    [410, "This link has expired."],
  ])("hides the form when the link cannot be used (%i), its words above", async (status, words) => {
    serve(() => [{ success: false, error: words, fields: { token: words } }, status]);
    open();
    expect(await screen.findByRole("alert")).toHaveTextContent(words);
    expect(screen.queryByRole("button", { name: "Sign the form" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Legal name")).not.toBeInTheDocument();
  });

  it("says a link without a token is not valid, and asks nothing", async () => {
    const { fetch } = serve(() => [OPEN, 200]);
    open("/consent");
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is not valid.");
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith("/api/consent"))).toEqual([]);
  });
});
