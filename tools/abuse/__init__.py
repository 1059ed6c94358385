"""`make abuse`: the attacks on limits, inputs, headers and faults replayed on loopback,
one table row each."""
