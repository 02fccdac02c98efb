import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testVideo } from "../testing/site-data";
import { BackgroundVideo, PlaybackToggle, usePlayback } from "./background-video";

function Section({ duration }: { duration: number }) {
  const video = { ...testVideo("hero"), duration };
  const playback = usePlayback(video);
  return (
    <>
      <BackgroundVideo video={video} playback={playback} priority />
      <PlaybackToggle playback={playback} />
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

// jsdom plays nothing: the video's play() and pause() are watched instead.
const media = () => ({
  play: vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined),
  pause: vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {}),
});

describe("a background video's pause control (WCAG 2.2.2)", () => {
  it("pauses and plays again, saying what it will do", async () => {
    const { play, pause } = media();
    render(<Section duration={12} />);
    const toggle = screen.getByRole("button", { name: "Pause background video" });
    expect(play).toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(pause).toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Play background video" }));
    expect(screen.getByRole("button", { name: "Pause background video" })).toBeInTheDocument();
  });

  it("is not offered for a clip of 5 s or less", () => {
    media();
    render(<Section duration={5} />);
    expect(screen.queryByRole("button", { name: /background video/ })).not.toBeInTheDocument();
  });

  it("shows the layout's poster as a picture, before any video file is chosen", () => {
    media();
    const { container } = render(<Section duration={12} />);
    const poster = container.querySelector("img.background-video__poster");
    expect(poster).toHaveAttribute("src", "/assets/video/hero-vertical-poster.3333333333.jpg");
    expect(container.querySelector('source[media="(min-width: 768px)"][type="image/webp"]')).toHaveAttribute(
      "srcset",
      "/assets/video/hero-horizontal-poster.2222222222.webp",
    );
  });
});

describe("a background video and picture-in-picture", () => {
  it("is kept out of it once it plays, by the property: the prerendered markup stays valid HTML", () => {
    media();
    const { container } = render(<Section duration={12} />);
    const video = container.querySelector("video")!;
    expect(video).toHaveAttribute("src");
    expect(video.disablePictureInPicture).toBe(true);
    expect(renderToString(<Section duration={12} />).toLowerCase()).not.toContain("pictureinpicture");
  });
});
