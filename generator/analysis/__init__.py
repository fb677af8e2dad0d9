"""The sentence model (embeddings, its wordpiece tokenizer and its files in models/) and the threads it and the themes run on."""
