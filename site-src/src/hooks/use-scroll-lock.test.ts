import { lockScroll } from "./use-scroll-lock";

describe("lockScroll", () => {
  it("keeps the page locked until the last lock is released", () => {
    const releaseMenu = lockScroll();
    const releaseModal = lockScroll();
    expect(document.documentElement.style.overflow).toBe("hidden");
    releaseMenu();
    releaseMenu(); // releasing twice must not undo someone else's lock
    expect(document.documentElement.style.overflow).toBe("hidden");
    releaseModal();
    expect(document.documentElement.style.overflow).toBe("");
  });
});
