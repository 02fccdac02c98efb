"""Stage 4: the site writers: app bundle, static API, pages, redirects, the output folder."""
