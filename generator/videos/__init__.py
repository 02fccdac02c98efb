"""Stage 3: source videos made into web videos, posters and scroll-sequence frames."""
