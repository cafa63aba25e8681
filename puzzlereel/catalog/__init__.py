"""What ships with puzzlereel: the bundled examples, the templates of ``new``, the docs,
the importers of puzzle collections, and a config read as its family's puzzle."""

# import's formats and --blank's choices (the first is the default), here so that
# --help names them without loading the importers (``entries``, ``importers``)
IMPORT_FORMATS = ("rush-hour", "tiles", "klotski")
BLANKS = ("last", "first")

__all__ = ["BLANKS", "IMPORT_FORMATS"]
