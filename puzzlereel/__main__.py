"""``python -m puzzlereel`` runs the command line."""

from puzzlereel.cli import main

main()
