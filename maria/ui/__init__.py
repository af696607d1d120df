"""The pygame-ce desktop program (the only package besides maria.render that imports pygame)."""
