"""The rule layer: pure checks (no Django) that the verifier applies to each claim.

- `words`: what a word is, shared by quotes and terms, and the plural rule.
- `equivalence`: when two ways of writing a term name the same skill.
- `content`: whether a term names something (not only filler words or numbers).
- `reading`: a quote read in its sentence (negation, wish, offer, optional).
- `amounts`: years or a level stated for a term, as the quote writes them.
- `addressed_to_ai`: sentences in a text that address an AI or give it orders.
"""
