// Artists as GET /api/artists answers them.
import type { Artist } from "../lib/api-types";
import { testImage } from "./site-data";

export function testArtist(slug: string, name: string, overrides: Partial<Artist> = {}): Artist {
  return {
    id: slug.length,
    slug,
    name,
    profilePic: `${slug}.jpg`,
    yearsExperience: 10,
    bio: `${name} works in black and grey.`,
    specialties: ["Black & Grey", "Realism"],
    instagram: `@${slug.replace("-", "")}`,
    image: testImage(`/images/artists/${slug}.jpg`, 800, 1000),
    books: "open",
    ...overrides,
  };
}

export const testArtists: Artist[] = [
  testArtist("jane-doe", "Jane Doe", { bio: "J".repeat(151), instagram: "@janedoe_ink" }),
  testArtist("max-ink", "Max Ink", { bio: "M".repeat(150), instagram: "maxink" }),
  testArtist("ray-sol", "Ray Sol", { instagram: null, specialties: ["Japanese"] }),
];
