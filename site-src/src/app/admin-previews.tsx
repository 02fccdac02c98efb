import { MemoryRouter } from "react-router";
import { AFTERCARE_GUIDES, AftercareCard, type AftercareGuide } from "../features/aftercare/aftercare-card";
import { ArtistCard } from "../features/artists/artist-card";
import type { Artist } from "../lib/api-types";
import { ArtistsProvider } from "../lib/artists-store";

// The editors' admin (/admin/, cms/src/admin.tsx) previews an artist card and an aftercare
// guide with the site's own components and stylesheet, fed what the editor is typing, so they
// see what visitors will (docs/editing.md). Here, at the app level, because it composes two
// features; the admin hands in plain values and knows nothing of the components.

/** An artist as the editor has filled the form so far; the photo is a URL the admin made. */
export type ArtistDraft = {
  slug: string;
  name: string;
  photoUrl: string;
  yearsExperience: number;
  specialties: string[];
  instagram: string | null;
  bio: string;
};

// The preview has no scroll animation and shows one card, not a carousel or a two-card grid.
export const PREVIEW_CSS = `
[data-aos] { opacity: 1 !important; transform: none !important; }
.admin-preview { min-height: 100vh; padding: 2rem 1.25rem; }
.admin-preview__card { max-width: 22rem; margin: 0 auto; }
.admin-preview .aftercare__cards { grid-template-columns: 1fr; max-width: 46rem; }
`;

export function ArtistCardPreview({ artist }: { artist: ArtistDraft }) {
  const card: Artist = {
    id: 0,
    slug: artist.slug,
    name: artist.name,
    profilePic: artist.photoUrl,
    yearsExperience: artist.yearsExperience,
    bio: artist.bio,
    specialties: artist.specialties,
    instagram: artist.instagram,
    // The card crops every photo to 4:5; the build makes the real sizes after saving.
    image: { src: artist.photoUrl, width: 800, height: 1000, srcset: "", sources: [], placeholder: "" },
  };
  return (
    <MemoryRouter>
      <ArtistsProvider>
        <div className="artists admin-preview">
          <div className="admin-preview__card">
            <ArtistCard artist={card} index={0} />
          </div>
        </div>
      </ArtistsProvider>
    </MemoryRouter>
  );
}

export function AftercarePreview({ guide, markdown }: { guide: AftercareGuide; markdown: string }) {
  return (
    <MemoryRouter>
      <main className="aftercare admin-preview">
        <div className="aftercare__cards">
          <AftercareCard {...AFTERCARE_GUIDES[guide]} content={markdown} />
        </div>
      </main>
    </MemoryRouter>
  );
}
