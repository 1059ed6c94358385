"""The owner's controls: rate limit, circuit breaker, daily budget, calls in flight."""
