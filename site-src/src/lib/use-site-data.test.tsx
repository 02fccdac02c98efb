import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { testSiteData } from "../testing/site-data";
import { SiteDataProvider, useSiteData } from "./use-site-data";

function StudioName() {
  return <p>{useSiteData().name}</p>;
}

describe("useSiteData", () => {
  it("reads the facts of the nearest provider, not the page's", () => {
    render(
      <SiteDataProvider value={{ ...testSiteData, name: "Given Studio" }}>
        <StudioName />
      </SiteDataProvider>,
    );
    expect(screen.getByText("Given Studio")).toBeInTheDocument();
    expect(screen.queryByText(testSiteData.name)).not.toBeInTheDocument();
  });

  it("falls back to the data embedded in the page outside any provider", () => {
    render(<StudioName />);
    expect(screen.getByText(testSiteData.name)).toBeInTheDocument();
  });
});
