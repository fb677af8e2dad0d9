"""Measurements: each module prints tables. Run one from the repo root, as `python -m benchmarks.build`."""
