// PLACEHOLDER (Foundation): the contact issue replaces this with the form (#contact).
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact</h2>
    </section>
  );
}
