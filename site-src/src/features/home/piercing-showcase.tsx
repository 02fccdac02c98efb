import { AppLink } from "../../components/app-link";
import { BackgroundVideo, PlaybackToggle, usePlayback } from "../../components/background-video";
import { emphasis } from "../../components/emphasis";
import { FilmModal } from "../../components/film-modal";
import { useStrings } from "../../i18n/catalog";
import { useSiteData } from "../../lib/use-site-data";
import "./piercing-showcase.css";

/** Piercing video, Explore Services, and a film restarted on every open (docs/product.md#home). */
export function PiercingShowcase() {
  const { media } = useSiteData();
  const playback = usePlayback(media.piercing);
  const t = useStrings().home.piercings;
  return (
    <section id="piercings" className="piercing-showcase" aria-labelledby="piercing-showcase-heading">
      <BackgroundVideo video={media.piercing} playback={playback} />
      <div className="piercing-showcase__veil" aria-hidden="true" />
      <div className="piercing-showcase__content container">
        <p className="eyebrow" data-aos="fade-up">
          {t.eyebrow}
        </p>
        <h2 id="piercing-showcase-heading" className="piercing-showcase__title" data-aos="fade-up" data-aos-delay="150">
          {emphasis(t.title)}
        </h2>
        <div className="piercing-showcase__actions" data-aos="fade-up" data-aos-delay="300">
          <AppLink to="/piercings" className="btn">
            {t.explore}
          </AppLink>
          <FilmModal video={media.piercing} describes={t.film} title={t.filmTitle} />
        </div>
      </div>
      <PlaybackToggle playback={playback} />
    </section>
  );
}
