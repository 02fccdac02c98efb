// The cases the build runs too (tests/rules_cases.json; tests/test_rules.py): the preview (its
// Scheduled mark is isScheduled's) and the build read publish_at, the phone link, the books
// statuses and the time zone the same way.
import cases from "../../../tests/rules_cases.json";
import table from "../../../generator/content/rules.json";
import type { Books } from "./api-types";
import { checkPublishAt, isScheduled } from "./publish-at";
import { BOOKS_DEFAULT, BOOKS_STATUSES, booksStatus, STUDIO_TIME_ZONE, telHref } from "./rules";

type PublishAtCase = {
  value: unknown;
  now?: string;
  time_zone?: string;
  normal?: string | null;
  held?: boolean;
  error?: "form" | "years";
};

const clock = cases.publish_at.clock;

describe("publish_at: every shared case as the build reads it", () => {
  it.each((cases.publish_at.cases as PublishAtCase[]).map((c) => [JSON.stringify(c.value), c] as const))(
    "%s",
    (_, c) => {
      const reading = checkPublishAt(c.value);
      if (c.error) {
        expect(reading).toEqual({ error: c.error });
        expect(isScheduled(c.value, new Date(clock.now), clock.time_zone)).toBe(false);
        return;
      }
      expect(reading).toEqual(expect.objectContaining({ iso: c.normal }));
      const now = new Date(c.now ?? clock.now);
      const timeZone = c.time_zone ?? clock.time_zone;
      expect(isScheduled(c.value, now, timeZone)).toBe(c.held);
    },
  );
});

describe("the phone link", () => {
  it.each(cases.tel_href.map((c) => [c.phone, c.href]))("%s", (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe("books and the time zone come from the table", () => {
  it("has the API's statuses, every one, and the default", () => {
    // A status the build's model has and the table lacks (or the other way) fails here or in tsc.
    const every: Record<Books, true> = { open: true, closed: true, waitlist: true };
    expect([...BOOKS_STATUSES].sort()).toEqual(Object.keys(every).sort());
    expect(BOOKS_DEFAULT).toBe(table.books.default);
    expect(booksStatus("waitlist")).toBe("waitlist");
    expect(booksStatus("")).toBe("open");
    expect(booksStatus(undefined)).toBe("open");
  });

  it("takes the studio's default time zone from the table", () => {
    expect(STUDIO_TIME_ZONE).toBe(table.studio_time_zone);
  });
});
