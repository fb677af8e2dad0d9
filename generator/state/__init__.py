"""The build's state, kept beside the input and committed with it: urls (every slug a paper has had),
first_seen (when a build first saw each paper) and memory (the last build's themes), each written by files.atomic_write."""
