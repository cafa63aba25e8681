"""Reading a peg_solitaire config (TEMPORARY: the loader still lives in ``search``)."""

from .search import load

__all__ = ["load"]
