"""Tests of puzzlereel.trace: events, reading and writing JSON Lines, the replay driver."""
