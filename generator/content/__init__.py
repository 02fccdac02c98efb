"""Stage 1: the editors' files read into typed records (loader) and checked (validate)."""
