import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MODAL_PLAY_DELAY_MS, VideoModal } from "./video-modal";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Play Video
      </button>
      <VideoModal open={open} onClose={() => setOpen(false)} src="/videos/piercing.mp4" title="Piercing film" />
    </>
  );
}

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
});

function theVideo(): HTMLVideoElement {
  return document.querySelector("video.video-modal__video") as HTMLVideoElement;
}

describe("VideoModal", () => {
  it("opens as a dialog and starts the video from 0 after 100 ms", async () => {
    vi.useFakeTimers();
    try {
      render(<Harness />);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole("button", { name: "Play Video" }));
      theVideo().currentTime = 42;
      expect(screen.getByRole("dialog", { name: "Piercing film" })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(MODAL_PLAY_DELAY_MS - 5));
      expect(play).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(10));
      expect(play).toHaveBeenCalledTimes(1);
      expect(theVideo().currentTime).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("has controls and focuses its close button", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Play Video" }));
    expect(theVideo()).toHaveAttribute("controls");
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it.each([
    ["the close button", async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "Close" }))],
    ["a click on the backdrop", async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("dialog"))],
    ["Escape", async (user: ReturnType<typeof userEvent.setup>) => user.keyboard("{Escape}")],
  ])("closes on %s, pausing and rewinding the video", async (_how, close) => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Play Video" }));
    theVideo().currentTime = 12;
    pause.mockClear();
    await close(user);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(pause).toHaveBeenCalled();
    expect(theVideo().currentTime).toBe(0);
    expect(screen.getByRole("button", { name: "Play Video" })).toHaveFocus();
  });

  it("stays open when the video itself is clicked", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Play Video" }));
    await user.click(theVideo());
    expect(screen.getByRole("dialog", { name: "Piercing film" })).toBeInTheDocument();
  });

  it("locks page scrolling while open", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Play Video" }));
    expect(document.documentElement.style.overflow).toBe("hidden");
    await user.keyboard("{Escape}");
    expect(document.documentElement.style.overflow).toBe("");
  });
});
