"""`python -m tools.chaos [--short]`: see tools/chaos/run.py."""

import sys

from tools.chaos.run import main

sys.exit(main())
