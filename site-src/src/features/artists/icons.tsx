// Line icons for the card buttons (24px grid, stroke follows currentColor), drawn from the
// site's sprite (site-src/public/icons.svg) so their geometry stays out of the JavaScript.

function Icon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

export const GalleryIcon = () => <Icon name="gallery" />;
export const InstagramIcon = () => <Icon name="instagram-line" />;
export const MessageIcon = () => <Icon name="message" />;
export const ChevronIcon = ({ direction }: { direction: "left" | "right" }) => <Icon name={`chevron-${direction}`} />;
