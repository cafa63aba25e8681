"""Benchmarks, each a script run from the repository root (``python benchmarks/<name>.py``);
a package only so that the tests can read ``benchmarks.doc_tables``."""
