import { AppLink } from "../../components/app-link";
import { OpeningHours } from "../../components/opening-hours";
import { useHydrated } from "../../hooks/use-hydrated";
import { useStrings } from "../../i18n/catalog";
import { useSiteData } from "../../lib/use-site-data";
import "./site-footer.css";
import { langOf } from "../../lib/language";

// Set by site-src/build.mjs (and vitest.config.ts): the year the bundle was built.
declare const __BUILD_YEAR__: number;
const BUILD_YEAR = __BUILD_YEAR__;

// The networks' own names, in every language.
const SOCIAL_NAMES: Record<string, string> = { instagram: "Instagram", facebook: "Facebook", tiktok: "TikTok" };

/** On every page (docs/product.md#home): socials, copyright, the policies, the agency credit and the memorial line. */
export function SiteFooter() {
  const site = useSiteData();
  const strings = useStrings();
  const t = strings.footer;
  // The year of viewing (the specification's "current-year copyright"): the prerendered page
  // and hydration say the year it was built, so both match, then the visitor's clock's.
  const year = useHydrated() ? new Date().getFullYear() : BUILD_YEAR;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <AppLink to="/" className="site-footer__logo">
            <img src="/logo.svg" alt={strings.header.logo(site.name)} width={96} height={96} loading="lazy" />
          </AppLink>
          <p className="site-footer__tagline">{t.tagline}</p>
        </div>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">{t.visit}</h2>
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
          <h2 className="site-footer__heading">{t.hours}</h2>
          <OpeningHours listClassName="site-footer__hours" noteClassName="site-footer__note" />
        </div>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">{t.follow}</h2>
          <ul className="site-footer__socials">
            {(Object.keys(SOCIAL_NAMES) as (keyof typeof site.socials)[]).map((key) =>
              site.socials[key] ? (
                <li key={key}>
                  <a href={site.socials[key]} target="_blank" rel="noopener noreferrer" aria-label={t.social(SOCIAL_NAMES[key])}>
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <use href={`/icons.svg#${key}`} />
                    </svg>
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__memory" lang={langOf(site, "inMemory")}>
          {site.inMemory}
        </p>
        <p className="site-footer__legal">
          {t.copyright(year, site.name)}
          <span className="site-footer__sep" aria-hidden="true">
            ·
          </span>
          {site.policiesVersion && (
            <>
              <AppLink to="/policies">{t.policies}</AppLink>
              <span className="site-footer__sep" aria-hidden="true">
                ·
              </span>
            </>
          )}
          {site.privacyNotice && (
            <>
              <AppLink to="/privacy">{t.privacy}</AppLink>
              <span className="site-footer__sep" aria-hidden="true">
                ·
              </span>
            </>
          )}
          {t.credit}{" "}
          <a href={site.credit.url} target="_blank" rel="noopener noreferrer">
            {site.credit.name}
          </a>
        </p>
      </div>
    </footer>
  );
}
