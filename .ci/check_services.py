"""CI's first step: are PostgreSQL and Redis reachable (DATABASE_URL, REDIS_URL)?

`python .ci/check_services.py` from the repository root; the check itself lives in
support/services.py, which `make load` uses too.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from support.services import main

if __name__ == "__main__":
    sys.exit(main())
