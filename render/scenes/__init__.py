"""One scene per puzzle family (``render.direction.scene`` is the interface they share;
the registry names each family's scene)."""
