import { render, screen } from "@testing-library/react";
import { ResponsiveImage } from "./responsive-image";

test("renders every source, the fallback and the intrinsic size", () => {
  const image = {
    src: "/images/work/rose.jpg",
    width: 1200,
    height: 900,
    srcset: "/assets/img/rose-640.jpg 640w, /images/work/rose.jpg 1200w",
    sources: [
      { type: "image/avif", srcset: "/assets/img/rose-640.avif 640w" },
      { type: "image/webp", srcset: "/assets/img/rose-640.webp 640w" },
    ],
    placeholder: "data:image/webp;base64,AAAA",
  };
  const { container } = render(<ResponsiveImage image={image} alt="Rose" sizes="33vw" />);
  const img = screen.getByRole("img", { name: "Rose" });
  expect(img).toHaveAttribute("width", "1200");
  expect(img).toHaveAttribute("height", "900");
  expect(img).toHaveAttribute("loading", "lazy");
  expect(img.getAttribute("style")).toContain("data:image/webp;base64,AAAA");
  const types = [...container.querySelectorAll("source")].map((s) => s.getAttribute("type"));
  expect(types).toEqual(["image/avif", "image/webp"]);
});
