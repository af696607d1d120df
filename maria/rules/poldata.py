"""Old import path of maria.rules.advanced.poldata (the political cards and display as data, R17),
kept only for maria/ui/advanced_ui.py, which another change is splitting; import
maria.rules.advanced.poldata instead.  Remove this file once nothing imports it."""

import sys

from maria.rules.advanced import poldata as _poldata

sys.modules[__name__] = _poldata      # the same module object: one cache, one set of functions
