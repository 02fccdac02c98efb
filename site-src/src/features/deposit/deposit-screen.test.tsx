import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StringsProvider, type Catalog } from "../../i18n/catalog";
import { en } from "../../i18n/en";
import { es } from "../../i18n/es";
import { SiteDataProvider } from "../../lib/use-site-data";
import { testSiteData } from "../../testing/site-data";
import DepositScreen from "./deposit-screen";

function renderAt(path: string, catalog: Catalog = en, data = testSiteData) {
  return render(
    <StringsProvider value={catalog}>
      <SiteDataProvider value={data}>
        <MemoryRouter initialEntries={[path]}>
          <DepositScreen />
        </MemoryRouter>
      </SiteDataProvider>
    </StringsProvider>,
  );
}

describe("DepositScreen", () => {
  it("thanks the visitor on /deposit/paid, says what happens next and links the policies and home", () => {
    renderAt("/deposit/paid");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Thank you, your spot is held");
    const next = screen.getByRole("region", { name: "What happens next" });
    expect(within(next).getAllByRole("listitem")).toHaveLength(3);
    expect(next).toHaveTextContent("You and the studio each get an email");
    expect(screen.getByRole("link", { name: "Read our policies" })).toHaveAttribute("href", "/policies");
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("leaves out the policies link when the studio has no policies page", () => {
    renderAt("/deposit/paid", en, { ...testSiteData, policiesVersion: null });
    expect(screen.queryByRole("link", { name: "Read our policies" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to home" })).toBeInTheDocument();
  });

  it("says nothing was charged on /deposit/cancelled, that the link still works, and how to reach the studio", () => {
    renderAt("/deposit/cancelled");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Nothing was charged");
    expect(screen.getByText(/payment link in our email still works/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: `Call ${testSiteData.phone}` })).toHaveAttribute("href", testSiteData.phoneHref);
    expect(screen.getByRole("link", { name: `Email ${testSiteData.email}` })).toHaveAttribute(
      "href",
      `mailto:${testSiteData.email}`,
    );
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("speaks Spanish on a Spanish page", () => {
    renderAt("/deposit/paid", es);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Gracias, tu lugar está apartado");
    renderAt("/deposit/cancelled", es);
    expect(screen.getByRole("heading", { level: 1, name: /ningún cargo/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: `Llama al ${testSiteData.phone}` })).toBeInTheDocument();
  });
});
