"""The model layer: a fluent client, its errors, the Gemini and recorded models.

Nothing here imports Django except `registry`, which picks the site's model from settings.
"""
