"""The model layer: a fluent client, its errors, the Gemini and recorded models, and the
viewer's evidence read from an answer still being written (answer_stream).

Nothing here imports Django except `registry`, which picks the site's model from settings.
"""
