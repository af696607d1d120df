"""The games of the family, each a package implementing the Game interface (maria.engine.game)."""
