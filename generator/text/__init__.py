"""Language tools every stage shares: markup (a text made inert, plain or HTML), words (sentences, keyword keys),
latex, keyphrases, segment (Chinese and Japanese words) and slugs."""
