"""Tests of puzzlereel.app and puzzlereel.cli: app functions, the command line end to end,
README's examples."""
