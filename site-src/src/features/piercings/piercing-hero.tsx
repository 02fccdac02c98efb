import { BackgroundVideo, PlaybackToggle, usePlayback } from "../../components/background-video";
import type { VideoUrls } from "../../lib/site-data";

/** Looping muted background video: horizontal file at 768 px and wider, vertical below. */
export function PiercingHero({ video }: { video: VideoUrls }) {
  const playback = usePlayback(video);
  return (
    <header className="piercing-hero">
      <BackgroundVideo video={video} playback={playback} className="piercing-hero__video" priority />
      <div className="piercing-hero__shade" aria-hidden="true" />
      <div className="piercing-hero__content">
        <p className="piercing-eyebrow" data-aos="fade-up">
          Piercing Studio
        </p>
        <h1 className="piercing-hero__title" data-aos="fade-up" data-aos-delay="150">
          Professional Piercing
        </h1>
        <p className="piercing-hero__subtitle" data-aos="fade-up" data-aos-delay="300">
          Precise placement and premium, implant-grade jewelry, in a sterile studio that puts your comfort first.
        </p>
      </div>
      <PlaybackToggle playback={playback} />
    </header>
  );
}
