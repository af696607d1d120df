"""`python -m maria <command>`."""

import sys

from maria.cli import main

sys.exit(main())
