// The design a visitor is claiming, shown in the contact form above the message: a chunk of its
// own, which the form loads only when there is a claim (contact-form.tsx).
import { useId } from "react";
import { ResponsiveImage } from "../../components/responsive-image";
import { useStrings, type Part } from "../../i18n/catalog";
import type { ContactFormStrings } from "../../i18n/parts/contact-form";
import { useArtists, useSelectedArtist } from "../../lib/artists-store";
import type { FlashClaim } from "../../lib/flash-claim";
import "./claimed-design.css";

// Its words are the form's part of the catalog, handed in by the form: imported here too, the part
// would leave the form's chunk for a chunk of its own that both fetch.
type Props = { claim: FlashClaim; onRemove: () => void; strings: Part<ContactFormStrings> };

export default function ClaimedDesign({ claim, onRemove, strings }: Props) {
  const t = useStrings(strings).claim;
  const titleId = useId();
  // Flash is tattooed by the artist who drew it: say so if another artist is picked in the form.
  const [picked] = useSelectedArtist();
  const { data: artists = [] } = useArtists();
  const other = picked !== claim.artist_id ? artists.find((a) => a.slug === picked) : undefined;
  return (
    <div className="claimed-design contact-form__field--wide" role="group" aria-labelledby={titleId}>
      <div className="claimed-design__thumb">
        <ResponsiveImage image={claim.image} alt={claim.alt ?? claim.title} sizes="88px" className="claimed-design__image" />
      </div>
      <div className="claimed-design__text">
        <p className="claimed-design__kicker">{t.kicker}</p>
        <p className="claimed-design__title" id={titleId}>
          {claim.title}
        </p>
        <p className="claimed-design__meta">
          {claim.size} · <span className="claimed-design__price">{t.price(claim.price)}</span> · {claim.artist}
        </p>
      </div>
      <button type="button" className="claimed-design__remove" onClick={onRemove} aria-label={t.removeLabel(claim.title)}>
        {t.remove}
      </button>
      {other && (
        <p className="claimed-design__note">{t.otherArtist(claim.artist, other.name)}</p>
      )}
    </div>
  );
}
