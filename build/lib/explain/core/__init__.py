"""The pure rule layer: texts, schema, prompt, verifier and its rules. No Django."""
