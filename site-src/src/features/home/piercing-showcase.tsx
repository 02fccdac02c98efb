import { useRef, useState } from "react";
import { Link } from "react-router";
import { BackgroundVideo, PlaybackToggle, posterFor, usePlayback } from "../../components/background-video";
import { PlayButton } from "../../components/play-button";
import { VideoModal } from "../../components/video-modal";
import { getSiteData } from "../../lib/site-data";
import "./piercing-showcase.css";

/** Piercing video, Explore Services, and a film restarted on every open (docs/product.md#home). */
export function PiercingShowcase() {
  const { media } = getSiteData();
  const [playing, setPlaying] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const playback = usePlayback(media.piercing);
  return (
    <section id="piercings" className="piercing-showcase" aria-labelledby="piercing-showcase-heading">
      <BackgroundVideo video={media.piercing} playback={playback} />
      <div className="piercing-showcase__veil" aria-hidden="true" />
      <div className="piercing-showcase__content container">
        <p className="eyebrow" data-aos="fade-up">
          Piercing Studio
        </p>
        <h2 id="piercing-showcase-heading" className="piercing-showcase__title" data-aos="fade-up" data-aos-delay="150">
          Professional <em>Piercing</em> Services
        </h2>
        <div className="piercing-showcase__actions" data-aos="fade-up" data-aos-delay="300">
          <Link to="/piercings" className="btn">
            Explore Services
          </Link>
          <PlayButton ref={opener} onClick={() => setPlaying(true)} describes="piercing film" />
        </div>
      </div>
      <PlaybackToggle playback={playback} />
      <VideoModal
        open={playing}
        onClose={() => setPlaying(false)}
        src={media.piercing.horizontal}
        poster={posterFor(media.piercing, "horizontal")}
        returnFocus={opener}
        title="Piercing film"
      />
    </section>
  );
}
