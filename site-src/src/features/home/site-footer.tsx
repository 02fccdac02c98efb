import { Link } from "react-router";
import { getSiteData } from "../../lib/site-data";
import "./site-footer.css";

const SOCIAL_ICONS: Record<string, string> = {
  instagram:
    "M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM21.9 8c-.1-1.6-.4-3-1.6-4.2S17.6 2.2 16 2.1C14.4 2 9.6 2 8 2.1c-1.6.1-3 .4-4.2 1.6S2.2 6.4 2.1 8C2 9.6 2 14.4 2.1 16c.1 1.6.4 3 1.6 4.2s2.6 1.5 4.2 1.6c1.6.1 6.4.1 8 0 1.6-.1 3-.4 4.2-1.6s1.5-2.6 1.6-4.2c.1-1.6.1-6.4 0-8zm-2.1 9.7a3.3 3.3 0 0 1-1.8 1.8c-1.3.5-4.3.4-5.7.4s-4.4.1-5.7-.4a3.3 3.3 0 0 1-1.8-1.8c-.5-1.3-.4-4.3-.4-5.7s-.1-4.4.4-5.7a3.3 3.3 0 0 1 1.8-1.8c1.3-.5 4.3-.4 5.7-.4s4.4-.1 5.7.4a3.3 3.3 0 0 1 1.8 1.8c.5 1.3.4 4.3.4 5.7s.1 4.4-.4 5.7z",
  facebook:
    "M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12z",
  tiktok:
    "M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-1.8-2.5V9.8a5.7 5.7 0 1 0 4.9 5.6V9.1a7.3 7.3 0 0 0 4.3 1.4V7.4a4.3 4.3 0 0 1-3.2-1.6z",
};

const SOCIAL_NAMES: Record<string, string> = { instagram: "Instagram", facebook: "Facebook", tiktok: "TikTok" };

/** On every page (docs/product.md#home): socials, copyright, the agency credit and the memorial line. */
export function SiteFooter() {
  const site = getSiteData();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo">
            <img src="/logo.svg" alt={`${site.name}, home`} width={96} height={96} loading="lazy" />
          </Link>
          <p className="site-footer__tagline">Custom tattoos and professional piercing in Dallas since 1996.</p>
        </div>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">Visit</h2>
          <address className="site-footer__address">
            {site.address.map_url ? (
              <a href={site.address.map_url} target="_blank" rel="noopener noreferrer">
                {site.address.street}
                <br />
                {site.address.city}, {site.address.region} {site.address.postal_code}
              </a>
            ) : (
              <>
                {site.address.street}
                <br />
                {site.address.city}, {site.address.region} {site.address.postal_code}
              </>
            )}
          </address>
          <p>
            <a href={site.phoneHref}>{site.phone}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
        </div>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">Hours</h2>
          <dl className="site-footer__hours">
            {site.hours.map((row) => (
              <div key={row.days}>
                <dt>{row.days}</dt>
                <dd>{row.time}</dd>
              </div>
            ))}
          </dl>
          {site.hoursNotes.map((note) => (
            <p key={note} className="site-footer__note">
              {note}
            </p>
          ))}
        </div>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">Follow</h2>
          <ul className="site-footer__socials">
            {(Object.keys(SOCIAL_NAMES) as (keyof typeof site.socials)[]).map((key) =>
              site.socials[key] ? (
                <li key={key}>
                  <a href={site.socials[key]} target="_blank" rel="noopener noreferrer" aria-label={`${SOCIAL_NAMES[key]} (opens in a new tab)`}>
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <path d={SOCIAL_ICONS[key]} fill="currentColor" />
                    </svg>
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__memory">{site.inMemory}</p>
        <p className="site-footer__legal">
          © {year} {site.name}. All rights reserved.
          <span className="site-footer__sep" aria-hidden="true">
            ·
          </span>
          Website by{" "}
          <a href={site.credit.url} target="_blank" rel="noopener noreferrer">
            {site.credit.name}
          </a>
        </p>
      </div>
    </footer>
  );
}
