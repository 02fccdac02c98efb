import { AppLink } from "../components/app-link";
import { emphasis } from "../components/emphasis";
import { useStrings } from "../i18n/catalog";
import "./not-found-screen.css";

/** Any path the app does not know. */
export default function NotFoundScreen() {
  const t = useStrings().notFound;
  return (
    <main id="main" className="not-found">
      <div className="not-found__inner container">
        <p className="eyebrow">{t.eyebrow}</p>
        <h1 className="not-found__title">{emphasis(t.title)}</h1>
        <p className="lede">{t.lede}</p>
        <div className="not-found__actions">
          <AppLink to="/" className="btn">
            {t.home}
          </AppLink>
          <AppLink to="/portfolio" className="btn btn--ghost">
            {t.portfolio}
          </AppLink>
        </div>
      </div>
    </main>
  );
}
