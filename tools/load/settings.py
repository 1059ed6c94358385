"""Settings for `make load` only: production settings plus the load-test URLconf.

The app servers under load run exactly jobportal.settings (same environment, same
DJANGO_DEBUG=0 production path); the only difference is ROOT_URLCONF, which adds the
two yardstick views in load/urls.py. Production never imports this module.
"""

from jobportal.settings import *  # noqa: F403

ROOT_URLCONF = "tools.load.urls"

# Every load user signs in from 127.0.0.1: the per-address login limit would refuse
# the crowd before it starts (the per-username limit stays on).
LOGIN_RATE_PER_IP = ""
# The load runs measure speed, not the owner's budget: no daily cap.
EXPLAIN_DAILY_CALL_LIMIT = None
# The load measures CPU per explanation, not the cap on calls in flight (its refusals
# are tested in tests/explain/controls/): phase 1's 200 clicks and phase 6's 200 streams
# are all in flight at once, and the default of 20 would refuse most of them as
# provider_busy. No cap rather than a number above the crowd: every call's stall check
# reads all the slots in one MGET, which at 250 slots costs about 0.35 ms more CPU than
# production's 20, while no cap leaves out only that MGET and one SET NX of 20 slots.
EXPLAIN_MAX_CONCURRENT_CALLS: int | None = None
# Every load user asks from 127.0.0.1 too: one address's day would refuse the crowd.
EXPLAIN_ADDRESS_DAILY_CALLS = None
# The load runs check one log row per answer (tools/load/outage.py): rows of requests
# without a model call are not bounded here (production: 30 per user a minute).
EXPLAIN_LOG_ROWS_PER_MINUTE = None
