"""``python -m puzzlereel`` runs the command line."""

from puzzlereel.command import main

main()
