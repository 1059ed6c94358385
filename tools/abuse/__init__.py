"""`make abuse`: the attacks of issue 38 replayed on loopback, one table row each."""
