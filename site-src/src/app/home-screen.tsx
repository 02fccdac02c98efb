import { ArtistsSection } from "../features/artists/artists-section";
import { ContactSection } from "../features/contact/contact-section";
import { BrandSection } from "../features/home/brand-section";
import { HeroSection } from "../features/home/hero-section";
import { LegacySection } from "../features/home/legacy-section";
import { OurWorkSection } from "../features/home/our-work-section";
import { PiercingShowcase } from "../features/home/piercing-showcase";
import { StudioSection } from "../features/home/studio-section";

/** SPEC 2, home page in order: hero, brand, studio, artists, our work, piercings, legacy, contact. */
export function HomeScreen() {
  return (
    <main id="main" className="home">
      <HeroSection />
      <BrandSection />
      <StudioSection />
      <ArtistsSection />
      <OurWorkSection />
      <PiercingShowcase />
      <LegacySection />
      <ContactSection />
    </main>
  );
}
