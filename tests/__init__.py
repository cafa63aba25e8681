"""puzzlereel's tests, in folders that mirror the packages (see docs/architecture.md, Tests)."""
