import { BackgroundVideo, PlaybackToggle, usePlayback } from "../../components/background-video";
import { useStrings } from "../../i18n/catalog";
import { piercingsStrings } from "../../i18n/parts/piercings";
import type { VideoUrls } from "../../lib/site-data";

/** Looping muted background video: horizontal file at 768 px and wider, vertical below. */
export function PiercingHero({ video }: { video: VideoUrls }) {
  const playback = usePlayback(video);
  const t = useStrings(piercingsStrings).hero;
  return (
    <header className="piercing-hero">
      <BackgroundVideo video={video} playback={playback} className="piercing-hero__video" priority />
      <div className="piercing-hero__shade" aria-hidden="true" />
      <div className="piercing-hero__content">
        <p className="piercing-eyebrow" data-aos="fade-up">
          {t.eyebrow}
        </p>
        <h1 className="piercing-hero__title" data-aos="fade-up" data-aos-delay="150">
          {t.title}
        </h1>
        <p className="piercing-hero__subtitle" data-aos="fade-up" data-aos-delay="300">
          {t.subtitle}
        </p>
      </div>
      <PlaybackToggle playback={playback} />
    </header>
  );
}
