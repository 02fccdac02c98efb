import "./home-screen.css";
import { ArtistsSection } from "../features/artists/artists-section";
import { ContactSection } from "../features/contact/contact-section";
import { BrandSection } from "../features/home/brand-section";
import { HeroSection } from "../features/home/hero-section";
import { LegacySection } from "../features/home/legacy-section";
import { OurWorkSection } from "../features/home/our-work-section";
import { PiercingShowcase } from "../features/home/piercing-showcase";
import { StudioSection } from "../features/home/studio-section";

/** The home page: its sections in the order docs/product.md#home gives. */
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
