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
# Every load user asks from 127.0.0.1 too: one address's day would refuse the crowd.
EXPLAIN_ADDRESS_DAILY_CALLS = None
