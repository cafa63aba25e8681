"""puzzlereel: solve classic puzzles optimally and turn the solutions into animations."""

__version__ = "0.1.0"
