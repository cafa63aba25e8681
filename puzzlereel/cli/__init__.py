"""The ``puzzlereel`` command line: the typer application and its commands, the options
several commands share, and the console entry point."""
