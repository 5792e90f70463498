"""Benchmarks: `make bench` runs every ``bench/bench_*.py`` module's ``run()`` (see bench/run.py)."""
