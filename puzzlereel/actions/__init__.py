"""What each command does, as plain functions the command line and the Python API share:
solve, check, show, draw, analyze and preview; they never print and never exit."""
