"""Tests of puzzlereel.rules: each family's replay, legality and layout."""
