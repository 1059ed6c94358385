"""The web layer: page views, JSON API, NDJSON stream, payload and the words users read."""
