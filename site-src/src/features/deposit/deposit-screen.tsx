import { useLocation } from "react-router";
import { AppLink } from "../../components/app-link";
import { useStrings } from "../../i18n/catalog";
import { depositStrings } from "../../i18n/parts/deposit";
import { useSiteData } from "../../lib/use-site-data";
import "./deposit.css";

// /deposit/paid and /deposit/cancelled (and under /es/): where Stripe Checkout sends a visitor
// back after paying a deposit, or after leaving the payment page (docs/requests.md, "Deposits").
// Static and prerendered like every page, out of the sitemap and the menu (routes.json `index`);
// the booking itself is the contact function's, on Stripe's webhook, so these pages only say
// what happens next. One screen for both, in a chunk of its own: no other page carries it.

/** The page Stripe sends a visitor back to once the deposit is paid. */
function Paid() {
  const t = useStrings(depositStrings).paid;
  // /policies exists only when the studio wrote its policies (content/policies.md).
  const { policiesVersion } = useSiteData();
  return (
    <>
      <DepositHero eyebrow={t.eyebrow} title={t.title} intro={t.intro} />
      <section className="deposit-card" aria-labelledby="deposit-next-title">
        <h2 id="deposit-next-title" className="deposit-card__title">
          {t.nextTitle}
        </h2>
        <ol className="deposit-steps">
          {t.next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="aftercare-questions__actions">
          {policiesVersion != null && (
            <AppLink to="/policies" className="aftercare-button aftercare-button--solid">
              {t.policies}
            </AppLink>
          )}
          <AppLink to="/" className="aftercare-button aftercare-button--outline">
            {t.home}
          </AppLink>
        </div>
      </section>
    </>
  );
}

/** The page Stripe sends a visitor back to when they leave the payment page without paying. */
function Cancelled() {
  const t = useStrings(depositStrings).cancelled;
  const { phone, phoneHref, email } = useSiteData();
  return (
    <>
      <DepositHero eyebrow={t.eyebrow} title={t.title} intro={t.intro} />
      <section className="deposit-card" aria-labelledby="deposit-link-title">
        <h2 id="deposit-link-title" className="deposit-card__title">
          {t.linkTitle}
        </h2>
        <p className="deposit-card__text">{t.link}</p>
        <h2 className="deposit-card__title deposit-card__title--next">{t.helpTitle}</h2>
        <p className="deposit-card__text">{t.help}</p>
        <div className="aftercare-questions__actions">
          <a href={phoneHref} className="aftercare-button aftercare-button--solid">
            {t.call(phone)}
          </a>
          <a href={`mailto:${email}`} className="aftercare-button aftercare-button--outline deposit-button--address">
            {t.email(email)}
          </a>
        </div>
        <p className="deposit-card__home">
          <AppLink to="/">{t.home}</AppLink>
        </p>
      </section>
    </>
  );
}

function DepositHero({ eyebrow, title, intro }: { eyebrow: string; title: string; intro: string }) {
  return (
    <header className="aftercare__hero">
      <p className="aftercare__eyebrow">{eyebrow}</p>
      <h1 className="aftercare__title">{title}</h1>
      <p className="aftercare__intro">{intro}</p>
    </header>
  );
}

export default function DepositScreen() {
  const { pathname } = useLocation();
  const paid = pathname.replace(/\/+$/, "").endsWith("/paid");
  return <main className="aftercare deposit">{paid ? <Paid /> : <Cancelled />}</main>;
}
