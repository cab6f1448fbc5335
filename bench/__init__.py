"""Benchmark commands: each prints a table (see docs/bench.md)."""
