// The design a visitor is claiming, shown in the contact form above the message: a chunk of its
// own, which the form loads only when there is a claim (contact-form.tsx).
import { useId } from "react";
import { ResponsiveImage } from "../../components/responsive-image";
import { useArtists, useSelectedArtist } from "../../lib/artists-store";
import { formatPrice, type FlashClaim } from "../../lib/flash-claim";
import "./claimed-design.css";

type Props = { claim: FlashClaim; onRemove: () => void };

export default function ClaimedDesign({ claim, onRemove }: Props) {
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
        <p className="claimed-design__kicker">Flash design</p>
        <p className="claimed-design__title" id={titleId}>
          {claim.title}
        </p>
        <p className="claimed-design__meta">
          {claim.size} · <span className="claimed-design__price">{formatPrice(claim.price)}</span> · {claim.artist}
        </p>
      </div>
      <button type="button" className="claimed-design__remove" onClick={onRemove} aria-label={`Remove ${claim.title}`}>
        Remove
      </button>
      {other && (
        <p className="claimed-design__note">
          {claim.artist} drew this design and tattoos it; {other.name} can draw you a custom piece instead.
        </p>
      )}
    </div>
  );
}
