import type { VideoUrls } from "../lib/site-data";
import { posterFor } from "./background-video";

const base = { horizontal: "/videos/h.mp4", vertical: "/videos/v.mp4" };

describe("posterFor", () => {
  it.each<[string, VideoUrls, string, string | undefined]>([
    ["the media stage's shape", { ...base, poster: { horizontal: { jpeg: "/h.jpg", webp: "/h.webp" }, vertical: { jpeg: "/v.jpg", webp: "/v.webp" } } }, "vertical", "/v.webp"],
    ["a JPEG only", { ...base, poster: { horizontal: { jpeg: "/h.jpg" } } }, "horizontal", "/h.jpg"],
    ["one URL", { ...base, poster: "/p.jpg" }, "horizontal", "/p.jpg"],
    ["no poster", base, "horizontal", undefined],
    ["an unknown shape", { ...base, poster: 42 }, "horizontal", undefined],
  ])("reads %s", (_name, video, layout, expected) => {
    expect(posterFor(video, layout as "horizontal" | "vertical")).toBe(expected);
  });
});
