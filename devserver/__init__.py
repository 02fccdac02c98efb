"""The local server of `build.py serve`: dist/ with Netlify's rules, plus the contact function."""
