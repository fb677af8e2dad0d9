"""The scripts that make shipped files. Run one from the repo root, as `python -m tools.export_model`."""
