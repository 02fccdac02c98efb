// What the portfolio and the Flash screen share: the image viewer and the artist dropdown (in the
// chunk both load). See ../catalog.ts.
export const gallery = {
  lightbox: {
    /** The dialog's name when the screen gives none. */
    label: "Image viewer",
    previous: "Previous image",
    next: "Next image",
    close: "Close",
    loading: "Loading image",
    broken: "This image could not be loaded",
    counter: (n: number, count: number) => `Image ${n} of ${count}`,
  },
  artistFilter: {
    label: "Artist",
    all: "All Artists",
  },
} as const;
