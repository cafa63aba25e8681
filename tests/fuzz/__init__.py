"""Fuzzers: configs and traces built by hypothesis, valid and mutated, run through the
loaders, the replay and the command line; and a set of hostile inputs, each kept as a
regression test."""
