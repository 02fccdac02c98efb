// POST /api/contact on a deploy preview or branch build that has no contact function.
//
// Production proxies /api/contact to the AWS Lambda (dist/_redirects, written by the build
// from CONTACT_FUNCTION_URL). Without that URL a preview would answer the form with Netlify's
// HTML 404 (a POST to a static file is never served as the file), and the form would show
// nothing a visitor can read. The build points /api/contact here instead, and this answers
// the contact contract's JSON 503 (docs/contact.md), which the form shows in red.
const ANSWER = JSON.stringify({
  success: false,
  error:
    "Sorry, contact is not configured on this preview: messages cannot be sent from this " +
    "copy of the site. Please call or email the studio directly.",
});

export default async () =>
  new Response(ANSWER, {
    status: 503,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
    },
  });
