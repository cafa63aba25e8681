"""The configs puzzlereel knows: the bundled examples, the templates of ``new``, the
importers of puzzle collections, and a config read as its family's puzzle; and the docs
that ship beside them (``puzzlereel docs``)."""
