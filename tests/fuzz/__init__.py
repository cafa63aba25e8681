"""Fuzzers: configs and traces built by hypothesis, valid and mutated, run through the
loaders, the replay and the command line; and the hostile inputs of issue 14, each kept
as a regression test."""
