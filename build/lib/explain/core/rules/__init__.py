"""The rule layer: pure checks (no Django) that the verifier applies to each claim.

- `words`: what a word is, shared by quotes, terms and points, and the plural rule.
- `terms`: the requirement or skill a claim is about, found in its quotes.
- `points`: whether a point may be shown as written, and the sentences code writes instead.
- `instructions`: sentences in a text that address an AI or give it orders.
"""
