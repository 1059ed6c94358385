"""Settings for `make chaos` only: the load-test settings, with the short run's clocks.

The full run keeps production's model timeout and breaker cool-down; the short run (CI)
shortens them through CHAOS_* variables so a hung model takes seconds, not half a minute.
Production never imports this module.
"""

import os

from tools.load.settings import *  # noqa: F403

EXPLAIN_TIMEOUT_SECONDS = float(os.environ.get("CHAOS_TIMEOUT_SECONDS", "30"))
EXPLAIN_BREAKER_COOLDOWN_SECONDS = int(os.environ.get("CHAOS_BREAKER_COOLDOWN_SECONDS", "3"))
# Production's cap on calls in flight (the load run turns it off to measure CPU): with a
# hung model it is what keeps threads free for job pages.
EXPLAIN_MAX_CONCURRENT_CALLS = 20
