import { AppLink } from "../components/app-link";
import "./not-found-screen.css";

/** Any path the app does not know. */
export default function NotFoundScreen() {
  return (
    <main id="main" className="not-found">
      <div className="not-found__inner container">
        <p className="eyebrow">Error 404</p>
        <h1 className="not-found__title">
          This page has <em>faded</em>.
        </h1>
        <p className="lede">
          The page you were looking for is not here. It may have moved, or the link may be mistyped.
        </p>
        <div className="not-found__actions">
          <AppLink to="/" className="btn">
            Back to the studio
          </AppLink>
          <AppLink to="/portfolio" className="btn btn--ghost">
            View portfolio
          </AppLink>
        </div>
      </div>
    </main>
  );
}
