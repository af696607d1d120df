"""Old import path of maria.core.log (the game log; no rule section), kept only for maria/ui/advanced_ui.py, which
another change is splitting; import maria.core.log instead.  Remove this file once nothing imports it."""

import sys

from maria.core import log as _log

sys.modules[__name__] = _log          # the same module object
