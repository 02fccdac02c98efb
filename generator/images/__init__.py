"""Stage 2: editor photos made into upright, metadata-free, responsive web images."""
