"""One scene per puzzle family (see ``render.scene`` for the interface and the registry)."""
