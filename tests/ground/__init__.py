"""Tests of the ground floor: the cache folder, atomic files, progress, packaging and the
floors themselves (import-linter's contracts)."""
