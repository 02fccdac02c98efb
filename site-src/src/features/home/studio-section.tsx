import { BackgroundVideo, PlaybackToggle, usePlayback } from "../../components/background-video";
import { FilmModal } from "../../components/film-modal";
import { useStrings } from "../../i18n/catalog";
import { useSiteData } from "../../lib/use-site-data";
import "./studio-section.css";

/** The studio at work (docs/product.md#home): a looping background video and a modal film. */
export function StudioSection() {
  const { media } = useSiteData();
  const playback = usePlayback(media.studio);
  const t = useStrings().home.studio;
  return (
    <section id="studio" className="studio" aria-labelledby="studio-heading">
      <BackgroundVideo video={media.studio} playback={playback} className="studio__video" />
      <div className="studio__veil" aria-hidden="true" />
      <div className="studio__content container">
        <h2 id="studio-heading" className="studio__title">
          <span className="studio__line" data-aos="fade-up">
            {t.title[0]}
          </span>
          <span className="studio__line studio__line--accent" data-aos="fade-up" data-aos-delay="200">
            {t.title[1]}
          </span>
        </h2>
        <p className="studio__tagline" data-aos="fade-up" data-aos-delay="350">
          {t.tagline}
        </p>
        <div data-aos="fade-up" data-aos-delay="450">
          <FilmModal video={media.studio} describes={t.film} title={t.filmTitle} />
        </div>
      </div>
      <PlaybackToggle playback={playback} />
    </section>
  );
}
