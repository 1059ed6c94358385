"""Test support shared by the suite and the tools: the fake Gemini server and the injection harness.

Not part of the `explain` distribution. Tests and tools both import it; tools never import tests.
"""
