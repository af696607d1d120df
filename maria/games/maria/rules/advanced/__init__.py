"""The advanced game (R15-R20, R23, R25): victory-marker pools and boxes (`markers`), the
political cards as data (`poldata`), the political display and tracks (`display`), Saxony and
neutrality (`saxony`), expeditionary corps and off-map boxes (`expeditions`), the political stage
(`politics`), card execution (`polcards`), the imperial election (`election`), the Silesian peace
(`peace`) and the subsidy contracts (`subsidy`).

It plugs into the introductory rules only through maria.games.maria.rules.hooks (`@hooks.provide(point)`); the
introductory modules never import this package.  maria.games.maria.rules.flow imports its modules so that every
game registers their flow states and hooks.  This file imports nothing, so that reading the
political cards' data (poldata) does not load the whole advanced game.
"""
