"""Tests of the application floor (actions, catalog, batch, gallery, the API) and the
command line (puzzlereel.cli): the floor's functions, the command line end to end,
README's examples."""
