"""Test doubles that speak real protocols (a fake Gemini HTTP server)."""
