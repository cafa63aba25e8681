"""Tests of puzzlereel.solvers: golden answers, searches and kernels against reference
searches, config errors."""
