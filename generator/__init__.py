"""Static-site generator for the studio site: content/ + the bundled app -> dist/."""
